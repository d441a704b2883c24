/** SPEC §2: the url slugs of the ten FAQ entries. Slugs are the same in every locale. */
export const FAQ_SLUGS = [
  "importing-existing-budget-data-into-beyond",
  "syncing-with-multiple-accounting-systems",
  "linking-actuals-to-the-right-budgets",
  "using-beyond-for-projects-and-overheads",
  "budgeting-salaries-on-beyond",
  "reports-in-beyond",
  "multiple-currencies-on-beyond",
  "discounts-for-nonprofit-organisations",
  "how-many-user-licences-will-i-need-on-beyond",
  "types-of-user-account-on-beyond",
] as const;
export type FaqSlug = (typeof FAQ_SLUGS)[number];

export function isFaqSlug(value: string): value is FaqSlug {
  return (FAQ_SLUGS as readonly string[]).includes(value);
}

/** Questions on the integration FAQ page (`/xero-integration/faqs`); they have no pages of their own. */
export const INTEGRATION_FAQ_IDS = [
  "access",
  "timing",
  "tracking",
  "several",
  "disconnect",
] as const;
