import { useT } from "../../hooks/use-t.ts";
import { CALLS_TO_ACTION } from "../../lib/navigation.ts";
import type { Breakdown } from "../../lib/pricing/breakdown.ts";
import { type BillingPeriod, seatPrices, totals, yearlySaving } from "../../lib/pricing/prices.ts";
import { PAID_ROLES } from "../../lib/pricing/roles.ts";
import type { Offer } from "../../lib/site-config.ts";
import { RegisterLink } from "../ui/calls-to-action.tsx";
import { SmartLink } from "../ui/smart-link.tsx";
import { useMoney } from "./price-format.tsx";

interface EstimateProps {
  breakdown: Breakdown;
  billing: BillingPeriod;
  offer: Offer | null;
}

/**
 * The calculator's result: the monthly and yearly totals (announced politely, SPEC §2),
 * one line per paid role, the saving of yearly billing and the register call to action.
 * The summary (heading and totals) is the one element that says the total: on phones, while
 * a count has focus, it sticks to the bottom of the screen (pricing.css), so there is never
 * a second copy for screen readers or text queries to find.
 */
export function Estimate({ breakdown, billing, offer }: EstimateProps) {
  const t = useT();
  const money = useMoney();
  const prices = seatPrices(billing, offer);
  const { perMonth, perYear } = totals(breakdown, billing, offer);
  const saving = money(yearlySaving(breakdown, offer));

  return (
    <div className="estimate">
      <div className="estimate__summary">
        <h3 className="estimate__heading">{t("pricing.calculator.summary.heading")}</h3>
        <div className="estimate__totals" aria-live="polite" aria-atomic="true">
          <p className="estimate__amount">
            {t.rich("pricing.calculator.summary.perMonth", {
              amount: money(perMonth),
              unit: (chunks) => <span className="estimate__unit">{chunks}</span>,
            })}
          </p>
          <p className="estimate__year">
            {billing === "annual"
              ? t("pricing.calculator.summary.billedYearly", { amount: money(perYear) })
              : t("pricing.calculator.summary.billedMonthly", { amount: money(perYear) })}
          </p>
        </div>
      </div>
      <div className="estimate__details">
        <dl className="estimate__lines">
          {PAID_ROLES.filter((role) => breakdown[role] > 0).map((role) => (
            <div key={role} className="estimate__line">
              <dt>{t(`pricing.roles.${role}.name`)}</dt>
              <dd>
                <span className="estimate__math">
                  {t("pricing.calculator.summary.line", {
                    count: breakdown[role],
                    price: money(prices[role]),
                  })}
                </span>
                <span>{money(breakdown[role] * prices[role])}</span>
              </dd>
            </div>
          ))}
          <div className="estimate__line">
            <dt>{t("pricing.roles.user.name")}</dt>
            <dd>
              <span className="estimate__math">
                {t("pricing.calculator.summary.line", { count: breakdown.user, price: money(0) })}
              </span>
              <span>{money(0)}</span>
            </dd>
          </div>
        </dl>
        <p className="estimate__saving">
          {billing === "annual"
            ? t("pricing.calculator.summary.saving", { amount: saving })
            : t("pricing.calculator.summary.switchToSave", { amount: saving })}
        </p>
        <RegisterLink
          section="pricing"
          className="button button--primary button--large estimate__cta"
        />
        <p className="estimate__note">{t("pricing.cta.noCard")}</p>
        <p className="estimate__demo">
          {t.rich("pricing.cta.demo", {
            link: (chunks) => (
              <SmartLink
                href={CALLS_TO_ACTION.bookDemo}
                trackingId="book-demo"
                trackingSection="pricing"
              >
                {chunks}
              </SmartLink>
            ),
          })}
        </p>
      </div>
    </div>
  );
}
