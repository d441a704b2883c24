import { REFERRER_MAX_LENGTH } from "./constants.ts";
import { APP_TAG } from "./tracking-event.ts";

/** SPEC §3: a referral code split by underscore. */
export interface Referral {
  referrer: string;
  adCampaign: string;
  campaignDate: string;
}

/** The query parameter of a landing URL that carries a referral code (SPEC §3). */
export const REFERRER_QUERY = "referrer";

/** What a referral code is made of: letters, digits, `_`, `-` and `.`. */
export const REFERRAL_CODE_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

/**
 * Normalizes a `referrer` query or cookie value: trimmed, at most REFERRER_MAX_LENGTH
 * characters of letters, digits, `_`, `-` and `.`. Anything else is not a code we issued
 * and is ignored (null), so no visitor-controlled markup or separators reach cookies.
 */
export function normalizeReferralCode(value: string | null | undefined): string | null {
  const code = (value ?? "").trim();
  if (code === "" || code.length > REFERRER_MAX_LENGTH) return null;
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/**
 * SPEC §3: splits a referral code by underscore into referrer, adCampaign and campaignDate
 * (`acme_spring_2024`). Missing parts are empty; parts after the third are ignored.
 */
export function parseReferrer(code: string): Referral {
  const [referrer = "", adCampaign = "", campaignDate = ""] = code.split("_");
  return { referrer, adCampaign, campaignDate };
}

/** SPEC §7: the user properties set for a referral, tagged with the app that saw it. */
export function referralUserProperties(referral: Referral): Record<string, string> {
  return { ...referral, app_source: APP_TAG };
}
