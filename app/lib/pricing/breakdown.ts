import { MIN_EMPLOYEES, ROLE_MINIMUMS } from "./constants.ts";
import { type PerRole, ROLES, type Role } from "./roles.ts";

/** How many accounts of each role a company has. */
export type Breakdown = PerRole<number>;

/**
 * SPEC §9: the recommended breakdown for `employees` people: power users
 * `round(N/25) + 1`, managers `round(N/5)`, no view-only accounts, and standard users for
 * the remainder (never below 0). Halves round up, as `Math.round` does.
 */
export function recommendedBreakdown(employees: number): Breakdown {
  const powerUsers = Math.round(employees / 25) + 1;
  const managers = Math.round(employees / 5);
  return {
    "power-user": powerUsers,
    manager: managers,
    "view-only": 0,
    user: Math.max(0, employees - powerUsers - managers),
  };
}

/** Total accounts across all roles. */
export function sumOfRoles(breakdown: Breakdown): number {
  return ROLES.reduce((total, role) => total + breakdown[role], 0);
}

/**
 * SPEC §5: a typed value made acceptable: absolute, floored, and at least `minimum`.
 * Anything that is not a finite number becomes the minimum.
 */
export function normaliseCount(value: number, minimum: number): number {
  if (!Number.isFinite(value)) return minimum;
  return Math.max(minimum, Math.floor(Math.abs(value)));
}

/** SPEC §5: an employee count, at least 1. */
export function normaliseEmployees(value: number): number {
  return normaliseCount(value, MIN_EMPLOYEES);
}

/** SPEC §5: a role count, at least 1, except view-only which may be 0. */
export function normaliseRoleCount(role: Role, value: number): number {
  return normaliseCount(value, ROLE_MINIMUMS[role]);
}
