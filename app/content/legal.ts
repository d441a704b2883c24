import { ANALYTICS_COOKIE_EXPIRATION_DAYS, CONSENT_COOKIE } from "../lib/analytics/constants.ts";
import { LOCALE_COOKIE } from "../lib/locale.ts";
import { DEPLOYMENT } from "../lib/site-deployment.ts";

/**
 * Sections of the privacy policy in order; section N gets the id `section-N`. SPEC §2: the
 * footer's cookies policy link is `/privacy-policy#section-11`, so cookies must stay 11th.
 */
export const PRIVACY_SECTIONS = [
  "controller",
  "scope",
  "data",
  "purposes",
  "sharing",
  "transfers",
  "retention",
  "security",
  "rights",
  "requests",
  "cookies",
  "changes",
  "contact",
] as const;

/** Sections of the terms of service in order. */
export const TERMS_SECTIONS = [
  "agreement",
  "accounts",
  "trial",
  "billing",
  "renewal",
  "cancellation",
  "use",
  "data",
  "service",
  "ownership",
  "termination",
  "liability",
  "changes",
  "law",
] as const;

/**
 * How long form submissions are kept (RETENTION_DAYS of the build, issue 49): the privacy
 * policy's retention section states it, and the server, which purges by it, refuses to run
 * with another value.
 */
export const SUBMISSION_RETENTION: Lifetime = { unit: "day", value: DEPLOYMENT.retentionDays };

/** SPEC §9: the privacy policy was last updated on 22 May 2018 (a calendar date, UTC). */
export const PRIVACY_LAST_UPDATED = "2018-05-22";
/** The terms were last revised together with the privacy policy. */
export const TERMS_LAST_UPDATED = "2018-05-22";

/** The element id of a legal section, numbered from 1. */
export function sectionId(index: number): string {
  return `section-${index + 1}`;
}

/** The banner's categories; the live chat sits with analytics (decision record 4). */
type ConsentCategory = "necessary" | "analytics" | "marketing";
export type Lifetime =
  | { unit: "session" | "untilSent" }
  | { unit: "hour" | "day" | "month" | "year"; value: number };

type CookiePurpose =
  | "language"
  | "consent"
  | "referral"
  | "analyticsDevice"
  | "analyticsCampaign"
  | "analyticsQueue"
  | "adsConversion"
  | "adsLinkedIn"
  | "adsLinkedInBrowser"
  | "adsLinkedInRouting"
  | "chatVisitor"
  | "chatConnection";

export interface CookieEntry {
  /** Exact cookie or storage key name, as the browser shows it (never translated). */
  name: string;
  /** Catalogue key suffix of the purpose: `privacy.cookies.purposes.<purpose>`. */
  purpose: CookiePurpose;
  provider: "beyond" | "amplitude" | "google" | "linkedin" | "tawk";
  storage: "cookie" | "localStorage";
  lifetime: Lifetime;
  consent: ConsentCategory;
}

/** The first ten characters of the analytics key name the SDK's cookies (`AMP_<prefix>`). */
const AMPLITUDE_PREFIX = (DEPLOYMENT.analytics.live ?? DEPLOYMENT.analytics.testing ?? "").slice(
  0,
  10,
);

/** Providers this build loads: a tag that was not configured sets no cookie to list. */
const PROVIDER_IS_ON: Record<CookieEntry["provider"], boolean> = {
  beyond: true,
  amplitude: AMPLITUDE_PREFIX !== "",
  google: DEPLOYMENT.tagManagerId !== undefined,
  linkedin: DEPLOYMENT.linkedInPartnerId !== undefined,
  tawk: DEPLOYMENT.chat !== undefined,
};

/** Every cookie and storage key the site can set when every tag is configured. */
const ALL_COOKIES: readonly CookieEntry[] = [
  {
    name: LOCALE_COOKIE,
    purpose: "language",
    provider: "beyond",
    storage: "cookie",
    lifetime: { unit: "year", value: 1 },
    consent: "necessary",
  },
  {
    name: CONSENT_COOKIE,
    purpose: "consent",
    provider: "beyond",
    storage: "cookie",
    // CONSENT_MAX_AGE_DAYS: 182 days, never more than 6 months.
    lifetime: { unit: "month", value: 6 },
    consent: "necessary",
  },
  {
    name: "referrerCode",
    purpose: "referral",
    provider: "beyond",
    storage: "cookie",
    lifetime: { unit: "day", value: 10 },
    consent: "marketing",
  },
  {
    name: `AMP_${AMPLITUDE_PREFIX}`,
    purpose: "analyticsDevice",
    provider: "amplitude",
    storage: "cookie",
    lifetime: { unit: "day", value: ANALYTICS_COOKIE_EXPIRATION_DAYS },
    consent: "analytics",
  },
  {
    name: `AMP_MKTG_${AMPLITUDE_PREFIX}`,
    purpose: "analyticsCampaign",
    provider: "amplitude",
    storage: "cookie",
    lifetime: { unit: "day", value: ANALYTICS_COOKIE_EXPIRATION_DAYS },
    consent: "analytics",
  },
  {
    name: `AMP_unsent_${AMPLITUDE_PREFIX}`,
    purpose: "analyticsQueue",
    provider: "amplitude",
    storage: "localStorage",
    lifetime: { unit: "untilSent" },
    consent: "analytics",
  },
  {
    name: "_gcl_au",
    purpose: "adsConversion",
    provider: "google",
    storage: "cookie",
    lifetime: { unit: "day", value: 90 },
    consent: "marketing",
  },
  {
    name: "li_fat_id",
    purpose: "adsLinkedIn",
    provider: "linkedin",
    storage: "cookie",
    lifetime: { unit: "day", value: 30 },
    consent: "marketing",
  },
  {
    name: "bcookie",
    purpose: "adsLinkedInBrowser",
    provider: "linkedin",
    storage: "cookie",
    lifetime: { unit: "year", value: 1 },
    consent: "marketing",
  },
  {
    name: "lidc",
    purpose: "adsLinkedInRouting",
    provider: "linkedin",
    storage: "cookie",
    lifetime: { unit: "hour", value: 24 },
    consent: "marketing",
  },
  {
    name: `twk_uuid_${DEPLOYMENT.chat?.propertyId}`,
    purpose: "chatVisitor",
    provider: "tawk",
    storage: "cookie",
    lifetime: { unit: "month", value: 6 },
    consent: "analytics",
  },
  {
    name: "TawkConnectionTime",
    purpose: "chatConnection",
    provider: "tawk",
    storage: "cookie",
    lifetime: { unit: "session" },
    consent: "analytics",
  },
];

/**
 * Every cookie and storage key this build can set (privacy policy section 11). Only the
 * first two are set without consent; the rest wait for the visitor's choice.
 */
export const COOKIES: readonly CookieEntry[] = ALL_COOKIES.filter(
  (cookie) => PROVIDER_IS_ON[cookie.provider],
);
