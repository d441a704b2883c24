/** Catalogue files; each is a namespace whose name prefixes its keys (`pricing.meta.title`). */
export const NAMESPACES = [
  "common",
  "form",
  "landing",
  "xero",
  "features",
  "referrals",
  "pricing",
  "faqs",
  "terms",
  "privacy",
  "integration",
  "mail",
  "consent",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Namespaces the locale layout loads for every page: the shell, shared forms, 404 copy, consent. */
export const SHELL_NAMESPACES = [
  "common",
  "form",
  "consent",
] as const satisfies readonly Namespace[];
