/** A video shown behind a poster-then-player facade (`VideoSection`), from the build config. */
export interface VideoConfig {
  /** The video host's id. */
  id: string;
  /** Where the player starts, in seconds. */
  startSeconds: number;
  /** Shown on the poster when known; never guessed. */
  durationSeconds?: number;
}

/**
 * The identifiers a deployment supplies at build time: analytics keys, tag ids, the chat
 * property, the video ids and the accounting provider's partner tracking id. The site is prerendered, so they are baked into the HTML and
 * JavaScript by the build (`scripts/vite/build-config-plugin.ts`); nothing here has a
 * default that pretends to be the company's. A missing value switches its tag or section
 * off and is reported as a warning; with `REQUIRE_SITE_CONFIG=1` a missing required value
 * fails the build. This module is pure: it reads an env-like record and validates it.
 */
export interface BuildConfig {
  analytics: { live?: string; testing?: string };
  tagManagerId?: string;
  linkedInPartnerId?: string;
  chat?: { propertyId: string; widgetId: string };
  videos: { productTour?: VideoConfig; xeroWalkthrough?: VideoConfig };
  /** The company's partner tracking id on the accounting provider's signup link (`xtid`). */
  xeroPartnerTrackingId?: string;
  /**
   * Days a form submission is kept, counted from the day it was sent: the privacy policy
   * states it, and the server purges by it (it refuses to start with another value).
   */
  retentionDays: number;
}

/**
 * Where the accessibility statement (`/accessibility`) tells visitors to report a problem,
 * and how soon they can expect an answer. Prerendered, so baked in at build time; only the
 * statement's loader reads it (`app/lib/accessibility/statement.server.ts`), never the
 * browser's code.
 */
export interface AccessibilityContact {
  /** ACCESSIBILITY_CONTACT, by default an address on the company's domain. */
  email: string;
  /**
   * ACCESSIBILITY_RESPONSE_DAYS: the business days within which the company answers a
   * report. A commitment only the company can make, so it has no default: unset, the
   * statement names no time.
   */
  responseBusinessDays?: number;
}

/**
 * ACCESSIBILITY_CONTACT's default: a mailbox on the company's domain, like the other
 * addresses the site gives (hello@, partners@). Here, not in SITE: only the build needs it.
 */
const ACCESSIBILITY_CONTACT_DEFAULT = "accessibility@beyondbudget.app";
/** The privacy policy's retention period when RETENTION_DAYS is not set: two years. */
export const DEFAULT_RETENTION_DAYS = 730;

/** One build-time variable: documented in docs/configuration.md. */
export interface BuildVariable {
  name: string;
  /** What the variable is, as build errors name it. */
  description: string;
  /** A production build must set it (checked with `REQUIRE_SITE_CONFIG=1`). */
  isRequired: boolean;
  /** The format, as a pattern the whole value must match. */
  pattern: RegExp;
  /** Says what the format is in an error. */
  format: string;
}

const SECONDS = { pattern: /^\d{1,5}$/, format: "a whole number of seconds" };

/** Every variable the build reads, in the order of docs/configuration.md. */
export const BUILD_VARIABLES = [
  {
    name: "ANALYTICS_KEY_LIVE",
    description: "Product-analytics (Amplitude) API key used on the live site",
    isRequired: true,
    pattern: /^[0-9a-f]{32}$/,
    format: "32 lowercase hexadecimal characters",
  },
  {
    name: "ANALYTICS_KEY_TESTING",
    description: "Analytics API key used on every other host (staging, demo, local IPs)",
    isRequired: false,
    pattern: /^[0-9a-f]{32}$/,
    format: "32 lowercase hexadecimal characters",
  },
  {
    name: "TAG_MANAGER_ID",
    description: "Google Tag Manager container id",
    isRequired: true,
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
    format: "GTM- followed by 4 to 12 capital letters or digits",
  },
  {
    name: "LINKEDIN_PARTNER_ID",
    description: "LinkedIn Insight Tag partner id",
    isRequired: true,
    pattern: /^\d{1,12}$/,
    format: "digits only",
  },
  {
    name: "CHAT_PROPERTY_ID",
    description: "Tawk.to property id of the live chat",
    isRequired: true,
    pattern: /^[0-9a-f]{24}$/,
    format: "24 lowercase hexadecimal characters",
  },
  {
    name: "CHAT_WIDGET_ID",
    description: "Tawk.to widget id within that property",
    isRequired: false,
    pattern: /^[A-Za-z0-9_-]{1,64}$/,
    format: "letters, digits, - or _",
  },
  {
    name: "VIDEO_TOUR_ID",
    description: "Vimeo id of the product tour (landing page video section)",
    isRequired: true,
    pattern: /^\d{1,12}$/,
    format: "a numeric Vimeo id",
  },
  {
    name: "VIDEO_TOUR_START_SECONDS",
    description: "Where the product tour starts playing",
    isRequired: false,
    ...SECONDS,
  },
  {
    name: "VIDEO_TOUR_DURATION_SECONDS",
    description: "The product tour's length, shown on its poster",
    isRequired: false,
    ...SECONDS,
  },
  {
    name: "VIDEO_WALKTHROUGH_ID",
    description: "Vimeo id of the accounting-partner walkthrough (/xero)",
    isRequired: true,
    pattern: /^\d{1,12}$/,
    format: "a numeric Vimeo id",
  },
  {
    name: "VIDEO_WALKTHROUGH_START_SECONDS",
    description: "Where the walkthrough starts playing",
    isRequired: false,
    ...SECONDS,
  },
  {
    name: "VIDEO_WALKTHROUGH_DURATION_SECONDS",
    description: "The walkthrough's length, shown on its poster",
    isRequired: false,
    ...SECONDS,
  },
  {
    name: "XERO_PARTNER_TRACKING_ID",
    description: "Partner tracking id (xtid) on the Xero signup link of /xero",
    isRequired: true,
    pattern: /^[A-Za-z0-9_-]{1,64}$/,
    format: "letters, digits, - or _ (at most 64)",
  },
  {
    name: "ACCESSIBILITY_CONTACT",
    description: "Address the accessibility statement gives for reporting a problem",
    isRequired: false,
    // A bare public address: it is shown on the page and put in a mailto: link.
    pattern:
      /^[A-Za-z0-9.!#$%&'*+=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
    format: "a bare email address such as accessibility@example.com",
  },
  {
    name: "ACCESSIBILITY_RESPONSE_DAYS",
    description: "Business days within which the company answers an accessibility report",
    isRequired: true,
    pattern: /^[1-9]\d?$/,
    format: "a whole number of business days from 1 to 99",
  },
  {
    name: "RETENTION_DAYS",
    description:
      "Days a form submission is kept from the day it was sent: the privacy policy says so and the server purges by it",
    isRequired: false,
    pattern: /^[1-9]\d{0,4}$/,
    format: "a whole number of days from 1 to 99999",
  },
] as const satisfies readonly BuildVariable[];

type BuildVariableName = (typeof BUILD_VARIABLES)[number]["name"];

/** The switch a deploy pipeline sets so that a missing required value fails the build. */
const REQUIRE_SWITCH = "REQUIRE_SITE_CONFIG";

/** A value that cannot be used, or a required one missing under `REQUIRE_SITE_CONFIG=1`. */
export class BuildConfigError extends Error {
  override name = "BuildConfigError";
}

export interface BuildConfigResult {
  config: BuildConfig;
  /** Kept apart from `config`, which the browser's code carries: only a loader reads it. */
  accessibility: AccessibilityContact;
  /** One line per missing value and what it switches off. */
  warnings: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the build variables from `env`. An empty value counts as missing.
 * Throws BuildConfigError listing every malformed value (always) and every missing required
 * one (when `env.REQUIRE_SITE_CONFIG` is "1").
 */
export function readBuildConfig(env: Env): BuildConfigResult {
  const values = new Map<BuildVariableName, string>();
  const errors: string[] = [];
  const missing: Array<(typeof BUILD_VARIABLES)[number]> = [];
  for (const variable of BUILD_VARIABLES) {
    const value = env[variable.name]?.trim();
    if (!value) {
      missing.push(variable);
    } else if (!variable.pattern.test(value)) {
      errors.push(`${variable.name} must be ${variable.format}, got "${value}"`);
    } else {
      values.set(variable.name, value);
    }
  }
  if (env[REQUIRE_SWITCH] === "1") {
    for (const variable of missing.filter((each) => each.isRequired)) {
      errors.push(`${variable.name} is required (${REQUIRE_SWITCH}=1): ${variable.description}`);
    }
  }
  if (errors.length > 0) throw new BuildConfigError(`Site configuration: ${errors.join("; ")}`);

  const get = (name: BuildVariableName) => values.get(name);
  const seconds = (name: BuildVariableName) => {
    const value = get(name);
    return value === undefined ? undefined : Number(value);
  };
  const video = (prefix: "VIDEO_TOUR" | "VIDEO_WALKTHROUGH"): VideoConfig | undefined => {
    const id = get(`${prefix}_ID`);
    if (id === undefined) return undefined;
    const durationSeconds = seconds(`${prefix}_DURATION_SECONDS`);
    return {
      id,
      startSeconds: seconds(`${prefix}_START_SECONDS`) ?? 0,
      ...(durationSeconds === undefined ? {} : { durationSeconds }),
    };
  };
  const chatProperty = get("CHAT_PROPERTY_ID");
  const config: BuildConfig = {
    analytics: { live: get("ANALYTICS_KEY_LIVE"), testing: get("ANALYTICS_KEY_TESTING") },
    tagManagerId: get("TAG_MANAGER_ID"),
    linkedInPartnerId: get("LINKEDIN_PARTNER_ID"),
    chat:
      chatProperty === undefined
        ? undefined
        : { propertyId: chatProperty, widgetId: get("CHAT_WIDGET_ID") ?? "default" },
    videos: { productTour: video("VIDEO_TOUR"), xeroWalkthrough: video("VIDEO_WALKTHROUGH") },
    xeroPartnerTrackingId: get("XERO_PARTNER_TRACKING_ID"),
    retentionDays: Number(get("RETENTION_DAYS") ?? DEFAULT_RETENTION_DAYS),
  };
  const responseDays = get("ACCESSIBILITY_RESPONSE_DAYS");
  const accessibility: AccessibilityContact = {
    email: get("ACCESSIBILITY_CONTACT") ?? ACCESSIBILITY_CONTACT_DEFAULT,
    ...(responseDays === undefined ? {} : { responseBusinessDays: Number(responseDays) }),
  };
  const warnings = missing
    .filter((variable) => variable.isRequired || variable.name === "ANALYTICS_KEY_TESTING")
    .map((variable) => `${variable.name} is not set: ${OFF_WHEN_MISSING[variable.name]}`);
  return { config, accessibility, warnings };
}

const OFF_WHEN_MISSING: Partial<Record<BuildVariableName, string>> = {
  ANALYTICS_KEY_LIVE: "the live site sends no product analytics",
  ANALYTICS_KEY_TESTING: "hosts other than the live site send no product analytics",
  TAG_MANAGER_ID: "no tag manager container is loaded",
  LINKEDIN_PARTNER_ID: "no LinkedIn Insight Tag is loaded",
  CHAT_PROPERTY_ID: "no live chat (the chat bubble is not shown)",
  VIDEO_TOUR_ID: "the landing page has no video section",
  VIDEO_WALKTHROUGH_ID: "/xero has no walkthrough video section",
  XERO_PARTNER_TRACKING_ID: "the Xero signup link carries no partner tracking id",
  ACCESSIBILITY_RESPONSE_DAYS: "the accessibility statement names no time for an answer",
};

/** Third-party vendors of the CSP (`server/csp.ts`), by whether the build turned them on. */
export type ThirdPartyVendor = "vimeo" | "amplitude" | "tagManager" | "linkedIn" | "chat";

/** The vendors whose tags or embeds this configuration turns on, for the CSP. */
export function enabledVendors(config: BuildConfig): ThirdPartyVendor[] {
  const on: Record<ThirdPartyVendor, boolean> = {
    vimeo: Boolean(config.videos.productTour || config.videos.xeroWalkthrough),
    amplitude: Boolean(config.analytics.live || config.analytics.testing),
    tagManager: config.tagManagerId !== undefined,
    linkedIn: config.linkedInPartnerId !== undefined,
    chat: config.chat !== undefined,
  };
  return (Object.keys(on) as ThirdPartyVendor[]).filter((vendor) => on[vendor]);
}
