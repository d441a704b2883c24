import {
  type Breakdown,
  normaliseEmployees,
  normaliseRoleCount,
  recommendedBreakdown,
  sumOfRoles,
} from "./breakdown.ts";
import { DEFAULT_EMPLOYEES } from "./constants.ts";
import type { Role } from "./roles.ts";

/**
 * Whether the breakdown is our recommendation ('default': "we recommend") or the visitor's
 * own ('changed': "You could have…"), SPEC §4.
 */
type BreakdownMode = "default" | "changed";

export interface CalculatorState {
  employees: number;
  breakdown: Breakdown;
  mode: BreakdownMode;
}

/** SPEC §4: 100 employees with the recommended breakdown. */
export const INITIAL_CALCULATOR_STATE: CalculatorState = calculatorForEmployees(DEFAULT_EMPLOYEES);

/**
 * SPEC §4: typing an employee count recomputes the recommended breakdown. The value is
 * normalised first (floored, absolute, at least 1).
 */
export function calculatorForEmployees(employees: number): CalculatorState {
  const count = normaliseEmployees(employees);
  return { employees: count, breakdown: recommendedBreakdown(count), mode: "default" };
}

/**
 * SPEC §4: editing a role count marks the breakdown 'changed'. For a paid role the standard
 * users absorb the difference so the total stays at the employee count (never below 0).
 * When the standard users reach 0, or the standard-user count itself is edited, the
 * employee count becomes the sum of all roles.
 */
export function withRoleCount(state: CalculatorState, role: Role, value: number): CalculatorState {
  const breakdown = { ...state.breakdown, [role]: normaliseRoleCount(role, value) };
  if (role !== "user") {
    const others = breakdown["power-user"] + breakdown.manager + breakdown["view-only"];
    breakdown.user = Math.max(0, state.employees - others);
  }
  const resetsEmployees = role === "user" || breakdown.user === 0;
  return {
    employees: resetsEmployees ? sumOfRoles(breakdown) : state.employees,
    breakdown,
    mode: "changed",
  };
}

/** What the visitor can edit: the employee count or one role's count. */
export type CalculatorField = "employees" | Role;

/** One committed edit of a field, by the rules above. */
export function applyCalculatorEdit(
  state: CalculatorState,
  field: CalculatorField,
  value: number,
): CalculatorState {
  return field === "employees" ? calculatorForEmployees(value) : withRoleCount(state, field, value);
}

/**
 * The number in a number input's text, or null while it holds nothing usable (empty, or
 * a lone "-" that the browser reports as ""). Null edits are not committed, so the
 * calculator never takes an empty value; on blur the field shows the last good one again.
 */
export function parseCountInput(raw: string): number | null {
  if (raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
