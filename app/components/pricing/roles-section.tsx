import { useT } from "../../hooks/use-t.ts";
import { MONTHLY_PRICES } from "../../lib/pricing/constants.ts";
import { type BillingPeriod, seatPrices } from "../../lib/pricing/prices.ts";
import { ROLES } from "../../lib/pricing/roles.ts";
import type { Offer } from "../../lib/site-config.ts";
import { RoleCard } from "./role-card.tsx";

interface RolesSectionProps {
  billing: BillingPeriod;
  offer: Offer | null;
}

/** SPEC §2, §6: the account types with their prices and features. */
export function RolesSection({ billing, offer }: RolesSectionProps) {
  const t = useT();
  const prices = seatPrices(billing, offer);
  return (
    <section className="roles" aria-labelledby="roles-heading">
      <div className="container">
        <div className="roles__head">
          <h2 id="roles-heading">{t("pricing.roles.heading")}</h2>
          <p className="lede">{t("pricing.roles.intro")}</p>
        </div>
        <div className="roles__grid">
          {ROLES.map((role) => (
            <RoleCard
              key={role}
              role={role}
              price={prices[role]}
              listPrice={MONTHLY_PRICES[role]}
              billing={billing}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
