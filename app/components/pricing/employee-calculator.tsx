import { memo, useMemo } from "react";
import { usePricingCalculator } from "../../hooks/use-pricing-calculator.ts";
import { useT } from "../../hooks/use-t.ts";
import { ROLE_MINIMUMS } from "../../lib/pricing/constants.ts";
import { type BillingPeriod, seatPrices } from "../../lib/pricing/prices.ts";
import { ROLE_SELECT_KEYS, type Role } from "../../lib/pricing/roles.ts";
import { calculatorWarnings } from "../../lib/pricing/warnings.ts";
import type { Offer } from "../../lib/site-config.ts";
import { CalculatorWarnings } from "./calculator-warnings.tsx";
import { CountField } from "./count-field.tsx";
import { Estimate } from "./estimate.tsx";
import { useMoney } from "./price-format.tsx";
import { Recommendation } from "./recommendation.tsx";

// A keystroke changes only the field's draft: what the committed state decides re-renders
// when that state changes (after the debounce), not in every key's own render (decision 29).
const CommittedEstimate = memo(Estimate);
const CommittedRecommendation = memo(Recommendation);
const CommittedWarnings = memo(CalculatorWarnings);

/** Paid roles first; standard users last, as they are the free remainder (SPEC §4). */
const CALCULATOR_ROLES = ["power-user", "manager", "view-only", "user"] as const satisfies Role[];

interface EmployeeCalculatorProps {
  billing: BillingPeriod;
  offer: Offer | null;
}

/**
 * The employee calculator (SPEC §2, §4): employees in, a recommended mix of accounts and
 * its price out, with every count adjustable.
 */
export function EmployeeCalculator({ billing, offer }: EmployeeCalculatorProps) {
  const t = useT();
  const money = useMoney();
  const calculator = usePricingCalculator();
  const { state } = calculator;
  const prices = seatPrices(billing, offer);
  const warnings = useMemo(() => calculatorWarnings(state), [state]);

  return (
    <section className="calculator" aria-labelledby="calculator-heading">
      <div className="container">
        <div className="calculator__card">
          <div className="calculator__inputs">
            <h2 id="calculator-heading">{t("pricing.calculator.heading")}</h2>
            <p className="calculator__intro">{t("pricing.calculator.intro")}</p>
            <CountField
              id="calculator-employees"
              isLarge
              label={t("pricing.calculator.employees.label")}
              description={t("pricing.calculator.employees.hint")}
              value={calculator.inputValue("employees")}
              min={1}
              decreaseLabel={t("pricing.calculator.employees.decrease")}
              increaseLabel={t("pricing.calculator.employees.increase")}
              onChange={(raw) => calculator.change("employees", raw)}
              onBlur={() => calculator.blur("employees")}
              onStep={(delta) => calculator.step("employees", delta)}
            />
            <div className="calculator__accounts">
              <div className="calculator__accounts-head">
                <h3>{t("pricing.calculator.accounts.heading")}</h3>
                <span className="calculator__badge" data-mode={state.mode}>
                  {t(`pricing.calculator.accounts.${state.mode}`)}
                </span>
              </div>
              <CommittedRecommendation state={state} />
              <div className="calculator__roles">
                {CALCULATOR_ROLES.map((role) => (
                  <CountField
                    key={role}
                    id={`calculator-${role}`}
                    label={t(`pricing.roles.${role}.name`)}
                    description={
                      prices[role] === 0
                        ? t("pricing.calculator.seatFree")
                        : t("pricing.calculator.seatPrice", {
                            price: money(prices[role]),
                          })
                    }
                    value={calculator.inputValue(role)}
                    min={ROLE_MINIMUMS[role]}
                    decreaseLabel={t("pricing.calculator.decrease", {
                      role: ROLE_SELECT_KEYS[role],
                    })}
                    increaseLabel={t("pricing.calculator.increase", {
                      role: ROLE_SELECT_KEYS[role],
                    })}
                    onChange={(raw) => calculator.change(role, raw)}
                    onBlur={() => calculator.blur(role)}
                    onStep={(delta) => calculator.step(role, delta)}
                  />
                ))}
              </div>
            </div>
            <CommittedWarnings warnings={warnings} />
          </div>
          <CommittedEstimate breakdown={state.breakdown} billing={billing} offer={offer} />
        </div>
        <p className="calculator__disclaimer">{t("pricing.disclaimer")}</p>
      </div>
    </section>
  );
}
