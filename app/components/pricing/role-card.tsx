import type { ReactNode } from "react";
import { useT } from "../../hooks/use-t.ts";
import type { BillingPeriod } from "../../lib/pricing/prices.ts";
import type { Role } from "../../lib/pricing/roles.ts";
import { useMoney } from "./price-format.tsx";
import { ROLE_FEATURES } from "./role-features.ts";

interface RoleCardProps {
  role: Role;
  /** Price per account per month for the chosen billing period. */
  price: number;
  /** The monthly list price, shown struck through when `price` is discounted. */
  listPrice: number;
  billing: BillingPeriod;
}

/** One account type: its price for the chosen billing period and its features (SPEC §6). */
export function RoleCard({ role, price, listPrice, billing }: RoleCardProps) {
  const t = useT();
  const money = useMoney();
  const headingId = `role-${role}`;
  const features = ROLE_FEATURES[role];
  const isDiscounted = price > 0 && price < listPrice;
  const parts = {
    amount: (chunks: ReactNode[]) => <span className="role-card__amount">{chunks}</span>,
    unit: (chunks: ReactNode[]) => <span className="role-card__unit">{chunks}</span>,
  };
  return (
    <article className="role-card" data-role={role} aria-labelledby={headingId}>
      <h3 className="role-card__name" id={headingId}>
        {t(`pricing.roles.${role}.name`)}
      </h3>
      <p className="role-card__price">
        {/* The struck list price is for the eye; screen readers hear "instead of" after the price. */}
        {isDiscounted ? (
          <s className="role-card__list-price" aria-hidden="true">
            {money(listPrice)}
          </s>
        ) : null}
        {price === 0
          ? t.rich("pricing.roles.priceFree", parts)
          : t.rich("pricing.roles.price", { ...parts, price: money(price) })}
        {isDiscounted ? (
          <span className="visually-hidden">
            {t("pricing.roles.listPrice", { price: money(listPrice) })}
          </span>
        ) : null}
      </p>
      <p className="role-card__billing">
        {price === 0
          ? t("pricing.roles.alwaysFree")
          : t(billing === "annual" ? "pricing.roles.billedYearly" : "pricing.roles.billedMonthly")}
      </p>
      <p className="role-card__summary">{t(`pricing.roles.${role}.summary`)}</p>
      {features.length > 0 ? (
        <ul className="role-card__features" aria-labelledby={headingId}>
          {features.map((key) => (
            <li key={key}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="m3.5 8.5 3 3 6-7"
                />
              </svg>
              {t(key)}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
