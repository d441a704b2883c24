import { useT } from "../../hooks/use-t.ts";
import { ROLE_SELECT_KEYS } from "../../lib/pricing/roles.ts";
import type { CalculatorWarning } from "../../lib/pricing/warnings.ts";

function warningText(t: ReturnType<typeof useT>, warning: CalculatorWarning): string {
  switch (warning.kind) {
    case "fewEmployees":
    case "fewPowerUsers":
    case "fewPowerUsersForSizeMinimum":
      return t(`pricing.calculator.warnings.${warning.kind}`, { number: warning.minimum });
    case "fewPowerUsersForSize":
      return t("pricing.calculator.warnings.fewPowerUsersForSize", { number: warning.recommended });
    case "belowRecommended":
      return t("pricing.calculator.warnings.belowRecommended", {
        number: warning.recommended,
        role: ROLE_SELECT_KEYS[warning.role],
      });
  }
}

/**
 * SPEC §5 warnings under the calculator. The live region is always in the page, so a
 * warning that appears later is announced.
 */
export function CalculatorWarnings({ warnings }: { warnings: CalculatorWarning[] }) {
  const t = useT();
  return (
    <div className="calculator__warnings" aria-live="polite">
      {warnings.length > 0 ? (
        <ul aria-label={t("pricing.calculator.warnings.label")}>
          {warnings.map((warning) => (
            <li key={`${warning.kind}-${"role" in warning ? warning.role : ""}`}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  fillRule="evenodd"
                  d="M10 1.5 19 18H1L10 1.5Zm0 5a1 1 0 0 0-1 1v4.5a1 1 0 1 0 2 0V7.5a1 1 0 0 0-1-1Zm0 8.25a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2Z"
                />
              </svg>
              <span>{warningText(t, warning)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
