import { useId } from "react";
import { useT } from "../../hooks/use-t.ts";
import { BILLING_PERIODS, type BillingPeriod } from "../../lib/pricing/prices.ts";

interface BillingToggleProps {
  value: BillingPeriod;
  /** The "save {amount}%" of yearly billing: 50 with the offer, otherwise 20 (SPEC §4). */
  savingPercent: number;
  onChange(value: BillingPeriod): void;
}

/** SPEC §4: yearly (the default) or monthly billing, as a pair of radio buttons. */
export function BillingToggle({ value, savingPercent, onChange }: BillingToggleProps) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">{t("pricing.billing.legend")}</legend>
      {BILLING_PERIODS.map((period) => (
        <label key={period} className="billing-toggle__option">
          <input
            type="radio"
            name={name}
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
          />
          <span>{t(`pricing.billing.${period}`)}</span>
          {period === "annual" ? (
            <span className="billing-toggle__saving">
              {t("pricing.billing.save", { amount: savingPercent })}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
