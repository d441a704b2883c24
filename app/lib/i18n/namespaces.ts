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
  "accessibility",
  "integration",
  "mail",
  "consent",
  // The product mock-ups' words, rendered into images by scripts/visuals; no page loads them.
  "mockups",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What a page needs from the catalogues: a whole namespace (`landing`), or only the keys
 * under a prefix of one (`integration.diagram`) when the page shows a small part of it.
 */
export type MessageSource = Namespace | `${Namespace}.${string}`;

/** What the locale layout loads for every page: the shell, 404 copy and consent. */
export const SHELL_SOURCES = ["common", "consent"] as const satisfies readonly MessageSource[];

/**
 * The referral forms' messages, spec-named keys such as `common.forms.required` among them.
 * Only the referrals page shows a form, so they stay out of every other page's HTML.
 */
export const FORM_SOURCES = ["common.forms", "form"] as const satisfies readonly MessageSource[];
