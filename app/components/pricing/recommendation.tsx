import { useT } from "../../hooks/use-t.ts";
import type { CalculatorState } from "../../lib/pricing/calculator.ts";

/**
 * The sentence above the role counts: 'we recommend' for our breakdown, 'You could have…'
 * once the visitor changed it (SPEC §4). Announced politely when it changes.
 */
export function Recommendation({ state }: { state: CalculatorState }) {
  const t = useT();
  const { breakdown, employees } = state;
  const values = {
    employees,
    powerUsers: breakdown["power-user"],
    managers: breakdown.manager,
    viewOnly: breakdown["view-only"],
    users: breakdown.user,
  };
  return (
    <p className="calculator__recommendation" aria-live="polite">
      {t(`pricing.calculator.recommendation.${state.mode}`, values)}
    </p>
  );
}
