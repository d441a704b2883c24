import { FAQ_SLUGS } from "../content/faqs.ts";
import { LOCALES, localizePath } from "./locale.ts";

/**
 * One table of pages (SPEC §2 link table). The router config, the prerender list, the
 * sitemap and the server's redirects all derive from it.
 */
export interface PageDefinition {
  /** Stable id, also the route id suffix (`de-pricing`). */
  id: string;
  /** Locale-free route pattern without its leading slash; "" is the landing page. */
  pattern: string;
  /** Route module, relative to `app/`. */
  file: string;
  /**
   * False only where the spec asks search engines to stay away (`noindex,nofollow`): the
   * /xero partner variant, whose audience arrives from the partner's marketplace.
   */
  isIndexable: boolean;
  /**
   * Listed in the sitemap. Confirmation and redirect pages are reachable and indexable but
   * not worth offering to a crawler.
   */
  isInSitemap: boolean;
  /**
   * How the trial bar (SPEC §2 sticky footer) behaves: `sticky` follows the visitor once the
   * page's own first calls to action have scrolled away; `inline` keeps its place at the end
   * of the page, so it never sits over reading matter (FAQs, guides, legal pages, the pricing
   * calculator, which has its own register button).
   */
  trialBar: TrialBarMode;
}

export type TrialBarMode = "sticky" | "inline";

export const PAGES = [
  {
    id: "home",
    pattern: "",
    file: "routes/home.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "sticky",
  },
  {
    id: "xero",
    pattern: "xero",
    file: "routes/xero.tsx",
    isIndexable: false,
    isInSitemap: false,
    trialBar: "sticky",
  },
  {
    id: "features",
    pattern: "features",
    file: "routes/features.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "sticky",
  },
  {
    id: "referrals",
    pattern: "referrals",
    file: "routes/referrals.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "sticky",
  },
  // Where a referral form posted without JavaScript lands (the API answers 303 here).
  {
    id: "referral-sent",
    pattern: "referrals/sent",
    file: "routes/referral-sent.tsx",
    isIndexable: true,
    isInSitemap: false,
    trialBar: "inline",
  },
  {
    id: "partner-sent",
    pattern: "referrals/partner-sent",
    file: "routes/partner-sent.tsx",
    isIndexable: true,
    isInSitemap: false,
    trialBar: "inline",
  },
  {
    id: "pricing",
    pattern: "pricing",
    file: "routes/pricing.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "faqs",
    pattern: "faqs",
    file: "routes/faqs.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "faq",
    pattern: "faqs/:slug",
    file: "routes/faq.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "terms",
    pattern: "terms",
    file: "routes/terms.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "privacy",
    pattern: "privacy-policy",
    file: "routes/privacy-policy.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "integration",
    pattern: "xero-integration",
    file: "routes/integration.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "integration-steps",
    pattern: "xero-integration/step-by-step",
    file: "routes/integration-step-by-step.tsx",
    isIndexable: true,
    isInSitemap: false,
    trialBar: "inline",
  },
  {
    id: "integration-how",
    pattern: "xero-integration/how-we-integrate",
    file: "routes/integration-how.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  {
    id: "integration-faqs",
    pattern: "xero-integration/faqs",
    file: "routes/integration-faqs.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
  // The accessibility statement. Its module is not named `accessibility.tsx`: Vite joins the
  // one stylesheet from the entry chunks in name order, and a route module named before
  // `entry.client` puts its page's stylesheets before global.css (decision record 13; the
  // postbuild step fails such a build).
  {
    id: "accessibility",
    pattern: "accessibility",
    file: "routes/web-accessibility.tsx",
    isIndexable: true,
    isInSitemap: true,
    trialBar: "inline",
  },
] as const satisfies readonly PageDefinition[];

export type PageId = (typeof PAGES)[number]["id"];

/**
 * The trial bar's behaviour on the page of a route id (`${locale}-${page id}`, as
 * app/routes.ts names them); the not-found page keeps the bar at its end.
 */
export function trialBarModeOfRoute(routeId: string | undefined): TrialBarMode {
  const pageId = routeId?.slice(routeId.indexOf("-") + 1);
  return PAGES.find((page) => page.id === pageId)?.trialBar ?? "inline";
}

/** The prerendered path of the not-found page in each locale (served with status 404). */
const NOT_FOUND_PATH = "/404";

/** Every concrete locale-free path of a page: dynamic patterns expand to their known values. */
export function concretePaths(page: PageDefinition): string[] {
  if (page.pattern === "faqs/:slug") return FAQ_SLUGS.map((slug) => `/faqs/${slug}`);
  return [`/${page.pattern}`];
}

/** Every locale-free page path that exists on the site. */
export function allPagePaths(): string[] {
  return PAGES.flatMap((page) => concretePaths(page));
}

/** The page whose path sends the browser to the blog article (SPEC §2): it has no content here. */
export const OFF_SITE_PAGE_ID = "integration-steps";

/** Every page that answers with content of its own: all but the one that sends the browser elsewhere. */
export function pagesWithContent(): PageDefinition[] {
  return PAGES.filter((page) => page.id !== OFF_SITE_PAGE_ID);
}

/**
 * Every locale-free path of those pages: what the suites, the bench and `deps:check` open in
 * a browser.
 */
export function pagePathsWithContent(): string[] {
  return pagesWithContent().flatMap(concretePaths);
}

/** Every path to prerender: each page in each locale, plus each locale's not-found page. */
export function prerenderPaths(): string[] {
  return LOCALES.flatMap((locale) =>
    [...allPagePaths(), NOT_FOUND_PATH].map((path) => localizePath(path, locale)),
  );
}
