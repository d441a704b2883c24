import { recommendedBreakdown } from "./breakdown.ts";
import type { CalculatorState } from "./calculator.ts";
import {
  MIN_EMPLOYEES_ADVISED,
  MIN_POWER_USERS_ADVISED,
  POWER_USER_SIZE_WORDING_FROM_EMPLOYEES,
} from "./constants.ts";
import type { Role } from "./roles.ts";

/** The roles whose count is compared with the recommendation (SPEC §5). */
type RecommendedRole = Exclude<Role, "user">;

/** One warning under the calculator (SPEC §5); the copy picks its words from `kind`. */
export type CalculatorWarning =
  /** 'our software is the most effective for companies of {number} employees or more' */
  | { kind: "fewEmployees"; minimum: number }
  /** Fewer than 2 power users in a company of under 13 employees. */
  | { kind: "fewPowerUsers"; minimum: number }
  /** Fewer than 2 power users from 13 employees, when we recommend more than 2. */
  | { kind: "fewPowerUsersForSize"; recommended: number }
  /** Fewer than 2 power users from 13 employees, when we recommend 2 or fewer. */
  | { kind: "fewPowerUsersForSizeMinimum"; minimum: number }
  /** 'we'd recommend having {number} {role} for a company of your size' */
  | { kind: "belowRecommended"; role: RecommendedRole; recommended: number };

/**
 * SPEC §5: the warnings for a calculator state, in display order.
 * - Under 10 employees: the minimum-size warning.
 * - Under 2 power users: the power-user warning, worded for the company's size from 13
 *   employees, with its variant when the recommendation itself is 2 or fewer. It replaces
 *   the generic below-recommendation warning for power users, so nothing is said twice.
 * - Any other role below its recommended count: the generic warning. Standard users are
 *   the free remainder, so having fewer of them is never a reason to warn.
 */
export function calculatorWarnings({ employees, breakdown }: CalculatorState): CalculatorWarning[] {
  const recommended = recommendedBreakdown(employees);
  const warnings: CalculatorWarning[] = [];
  if (employees < MIN_EMPLOYEES_ADVISED) {
    warnings.push({ kind: "fewEmployees", minimum: MIN_EMPLOYEES_ADVISED });
  }
  const powerUsers = breakdown["power-user"];
  if (powerUsers < MIN_POWER_USERS_ADVISED) {
    if (employees < POWER_USER_SIZE_WORDING_FROM_EMPLOYEES) {
      warnings.push({ kind: "fewPowerUsers", minimum: MIN_POWER_USERS_ADVISED });
    } else if (recommended["power-user"] <= MIN_POWER_USERS_ADVISED) {
      warnings.push({ kind: "fewPowerUsersForSizeMinimum", minimum: MIN_POWER_USERS_ADVISED });
    } else {
      warnings.push({ kind: "fewPowerUsersForSize", recommended: recommended["power-user"] });
    }
  } else if (powerUsers < recommended["power-user"]) {
    warnings.push({
      kind: "belowRecommended",
      role: "power-user",
      recommended: recommended["power-user"],
    });
  }
  for (const role of ["manager", "view-only"] as const) {
    if (breakdown[role] < recommended[role]) {
      warnings.push({ kind: "belowRecommended", role, recommended: recommended[role] });
    }
  }
  return warnings;
}
