import { CONSENT_MAX_AGE_DAYS, CONSENT_VERSION } from "./constants.ts";

/** The optional categories a visitor decides on; everything else is strictly necessary. */
export interface ConsentChoice {
  /** Product analytics and the live-chat widget (both see which pages are visited). */
  analytics: boolean;
  /** Advertising and attribution: tag manager ads storage, LinkedIn tag, referral cookie. */
  marketing: boolean;
}

/** What is stored: the choice, when it was made (ms since the epoch) and for which version. */
export interface ConsentRecord extends ConsentChoice {
  version: number;
  decidedAt: number;
}

export const NO_CONSENT: ConsentChoice = { analytics: false, marketing: false };
export const FULL_CONSENT: ConsentChoice = { analytics: true, marketing: true };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Serializes a record for the consent cookie: `v=1&at=<ms>&a=1&m=0` (cookie-safe). */
export function serializeConsent(record: ConsentRecord): string {
  return `${consentRecordPrefix(record.version, record.decidedAt)}${serializeChoice(record)}`;
}

/** The record's version and time, as the start of the cookie's value: `v=1&at=<ms>&`. */
export function consentRecordPrefix(version: number | string, decidedAt: number | string): string {
  return `v=${version}&at=${decidedAt}&`;
}

/**
 * The choice's part of a record: `a=1&m=0`. A consent button carries it, so that the head's
 * capture script can store a choice made before the app has started (capture-script.ts).
 */
export function serializeChoice(choice: ConsentChoice): string {
  return `a=${choice.analytics ? 1 : 0}&m=${choice.marketing ? 1 : 0}`;
}

/** Reads a cookie value written by `serializeConsent`; anything malformed is no record. */
export function parseConsent(value: string | null | undefined): ConsentRecord | null {
  if (!value) return null;
  const fields = new Map<string, string>();
  for (const pair of value.split("&")) {
    const [key = "", field = ""] = pair.split("=");
    fields.set(key, field);
  }
  const version = Number(fields.get("v"));
  const decidedAt = Number(fields.get("at"));
  const analytics = fields.get("a");
  const marketing = fields.get("m");
  if (!Number.isInteger(version) || !Number.isInteger(decidedAt) || decidedAt <= 0) return null;
  if (!isFlag(analytics) || !isFlag(marketing)) return null;
  return { version, decidedAt, analytics: analytics === "1", marketing: marketing === "1" };
}

function isFlag(value: string | undefined): value is "0" | "1" {
  return value === "0" || value === "1";
}

/**
 * Whether a stored record still decides for the visitor at `now` (ms): same version, made
 * no more than CONSENT_MAX_AGE_DAYS ago, and not dated in the future (a clock far off or a
 * forged cookie). Outside that the visitor is asked again.
 */
export function isConsentValid(
  record: ConsentRecord | null,
  now: number,
  version = CONSENT_VERSION,
): record is ConsentRecord {
  if (!record || record.version !== version) return false;
  const age = now - record.decidedAt;
  return age >= -DAY_MS && age <= CONSENT_MAX_AGE_DAYS * DAY_MS;
}

/** Seconds the consent cookie lives: the record expires with it (at most 6 months). */
export function consentCookieMaxAgeSeconds(): number {
  return CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
}

/** The banner: hidden, its first layer (three equal buttons), or the settings layer. */
type BannerView = "hidden" | "summary" | "settings";

export interface ConsentState {
  /** null until the stored record has been read (after hydration), and while undecided. */
  decision: ConsentRecord | null;
  view: BannerView;
  /** True once the cookie has been read; nothing renders or loads before that. */
  isReady: boolean;
}

export type ConsentAction =
  | {
      type: "restore";
      record: ConsentRecord | null;
      now: number;
      /** The visitor opened the settings layer before the app had started. */
      isSettingsOpen?: boolean;
    }
  | { type: "decide"; choice: ConsentChoice; now: number }
  | { type: "showSettings" }
  | { type: "reopen" };

export const INITIAL_CONSENT_STATE: ConsentState = {
  decision: null,
  view: "hidden",
  isReady: false,
};

/**
 * The consent state machine. `restore` reads the stored record (a missing, outdated or
 * expired one asks again, on the settings layer if the visitor opened it before the app
 * had started); `decide` stores a choice and closes the banner; `showSettings`
 * opens the second layer; `reopen` (the footer's Cookie settings) shows the settings layer
 * with the current choice, where withdrawing is one click on Reject all.
 */
export function consentReducer(state: ConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case "restore": {
      const isValid = isConsentValid(action.record, action.now);
      return {
        decision: isValid ? action.record : null,
        view: isValid ? "hidden" : action.isSettingsOpen ? "settings" : "summary",
        isReady: true,
      };
    }
    case "decide":
      return {
        decision: { ...action.choice, version: CONSENT_VERSION, decidedAt: action.now },
        view: "hidden",
        isReady: true,
      };
    case "showSettings":
      return { ...state, view: "settings" };
    case "reopen":
      return { ...state, view: "settings" };
  }
}

/** The categories in force: a decision's, or none while undecided. */
export function grantedChoice(state: ConsentState): ConsentChoice {
  const decision = state.decision;
  return decision ? { analytics: decision.analytics, marketing: decision.marketing } : NO_CONSENT;
}

/** Categories that were granted before and are not any more (their cookies must go). */
export function withdrawnCategories(
  before: ConsentChoice,
  after: ConsentChoice,
): Array<keyof ConsentChoice> {
  return (["analytics", "marketing"] as const).filter((key) => before[key] && !after[key]);
}
