import type { BuildConfig } from "./build-config.ts";
import type { PerRole } from "./pricing/roles.ts";

export type { VideoConfig } from "./build-config.ts";

/** The accounting provider's signup page (SPEC §2), without a partner tracking id. */
const XERO_SIGNUP_PAGE = "https://www.xero.com/signup/";

/**
 * The signup link: the page with the deployment's partner tracking id (`xtid`), or the bare
 * page when the build has none (no id pretends to be the company's).
 */
export function xeroSignupUrl(trackingId: string | undefined): string {
  if (!trackingId) return XERO_SIGNUP_PAGE;
  const url = new URL(XERO_SIGNUP_PAGE);
  url.searchParams.set("xtid", trackingId);
  return url.toString();
}

declare const __BUILD_CONFIG__: BuildConfig | undefined;

/**
 * The partner tracking id the build baked in (`XERO_PARTNER_TRACKING_ID`, see
 * app/lib/site-deployment.ts). The Node server, the scripts and the server tests load this
 * module without a build: there it has no id, and needs none (only /xero shows the link).
 */
const bakedXeroTrackingId =
  typeof __BUILD_CONFIG__ === "undefined" ? undefined : __BUILD_CONFIG__.xeroPartnerTrackingId;

/**
 * Everything about the site that is configuration rather than copy, in one place
 * (SPEC §2 external links, §7 calls, §9 constants).
 */
export const SITE = {
  brand: "Beyond",
  /** Divider between page title and brand in `<title>` (SPEC §2). */
  titleDivider: " | ",
  /** Canonical origin of the public site, used for canonical, hreflang and sitemap URLs. */
  origin: "https://www.beyondbudget.app",
  appHost: "https://app.beyondbudget.app",
  demoHost: "https://demo.beyondbudget.app",
  blog: "https://blog.beyondbudget.app",
  twitter: "https://twitter.com/beyondbudgetapp",
  linkedIn: "https://www.linkedin.com/company/beyond-budgeting-app",
  /** Accounting provider's signup page, with the deployment's partner tracking id if any. */
  xeroSignup: xeroSignupUrl(bakedXeroTrackingId),
  bookingPage: "https://calendly.com/beyond-budget/demo",
  supportEmail: "hello@beyondbudget.app",
  /** The "getting your business back on track" article (labelled Covid-19). */
  covidArticle: "https://blog.beyondbudget.app/getting-your-business-back-on-track-after-covid-19",
  /** Where /xero-integration/step-by-step sends the browser. */
  xeroStepByStepArticle: "https://blog.beyondbudget.app/connecting-beyond-to-xero-step-by-step",
  currency: "EUR",
} as const;

export const APP_LINKS = {
  login: `${SITE.appHost}/`,
  register: `${SITE.appHost}/register`,
} as const;

/** SPEC §3: the supported-by strip's partners, in display order. */
export const SUPPORTERS = [
  { id: "ef", url: "https://www.joinef.com/" },
  { id: "force-over-mass", url: "https://www.forceovermass.com/" },
  { id: "capital-list", url: "https://www.thecapitallist.com/" },
  { id: "nesta", url: "https://www.nesta.org.uk/" },
] as const;

// Analytics keys, tag ids, the chat property, the video ids and the partner tracking id are
// supplied per deployment at build time: app/lib/build-config.ts (read) and
// app/lib/site-deployment.ts (baked in).

export interface Offer {
  id: "birthday";
  /** First instant the offer applies (inclusive). */
  startsAt: Date;
  /** First instant the offer no longer applies (exclusive). */
  endsAt: Date;
  /** Price per seat per month in SITE.currency with yearly billing while the offer runs. */
  annualPrices: PerRole<number>;
  /** The "save {amount}%" label of yearly billing while the offer runs. */
  savingPercent: number;
}

/**
 * SPEC §4: the birthday promo, 50% off the first year plus six months free, shown while
 * the current time is before 30 April 2022.
 */
export const OFFERS: readonly Offer[] = [
  {
    id: "birthday",
    startsAt: new Date("2022-03-01T00:00:00Z"),
    endsAt: new Date("2022-04-30T00:00:00Z"),
    // SPEC §9: half the monthly list price (60/30/30), hence "save 50%" (SPEC §4).
    annualPrices: { "power-user": 30, manager: 15, "view-only": 15, user: 0 },
    savingPercent: 50,
  },
];
