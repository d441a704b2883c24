import type { PerRole } from "./roles.ts";

/** SPEC §9: the calculator opens at 100 employees. */
export const DEFAULT_EMPLOYEES = 100;

/** SPEC §5: below this many employees the minimum-size warning shows. */
export const MIN_EMPLOYEES_ADVISED = 10;

/** SPEC §5: fewer power users than this triggers the power-user warning. */
export const MIN_POWER_USERS_ADVISED = 2;

/** SPEC §5: from this many employees the power-user warning uses its company-size wording. */
export const POWER_USER_SIZE_WORDING_FROM_EMPLOYEES = 13;

/** SPEC §4, §9: quiet time after the last keystroke before the calculator recomputes. */
export const CALCULATOR_DEBOUNCE_MS = 500;

/** SPEC §5: the smallest value each input accepts. */
export const MIN_EMPLOYEES = 1;
export const ROLE_MINIMUMS: PerRole<number> = {
  "power-user": 1,
  manager: 1,
  "view-only": 0,
  user: 1,
};

/** SPEC §9: price per seat per month in SITE.currency, billed monthly. */
export const MONTHLY_PRICES: PerRole<number> = {
  "power-user": 60,
  manager: 30,
  "view-only": 30,
  user: 0,
};

/** SPEC §9: discounted price per seat per month in SITE.currency, billed annually. */
export const ANNUAL_PRICES: PerRole<number> = {
  "power-user": 48,
  manager: 24,
  "view-only": 24,
  user: 0,
};

/** SPEC §4: the "save {amount}%" label of yearly billing without an offer. */
export const ANNUAL_SAVING_PERCENT = 20;

export const MONTHS_PER_YEAR = 12;
