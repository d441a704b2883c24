/**
 * The four account types (SPEC §3 pricing role), in the order the page presents them
 * (SPEC §6: standard user, manager, power user, view-only).
 */
export const ROLES = ["user", "manager", "power-user", "view-only"] as const;
export type Role = (typeof ROLES)[number];

/** A count, or a price, for every role. */
export type PerRole<T> = Record<Role, T>;

/** The roles a company pays for; standard users are free and unlimited (SPEC §6, §9). */
export const PAID_ROLES = ["power-user", "manager", "view-only"] as const satisfies readonly Role[];

/** A role as an ICU `select` key in the catalogues: selectors cannot contain "-". */
export const ROLE_SELECT_KEYS: PerRole<string> = {
  "power-user": "powerUser",
  manager: "manager",
  "view-only": "viewOnly",
  user: "user",
};
