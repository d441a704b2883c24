/**
 * Spec constants of consent, analytics and referral tracking (SPEC §3, §7, §9), in one place.
 */

/** Name of the first-party cookie holding the visitor's consent record. */
export const CONSENT_COOKIE = "consent";
/**
 * Version of the consent text and categories. Raising it re-asks every visitor, because a
 * stored record only counts for the version it was given for.
 */
export const CONSENT_VERSION = 1;
/** A consent record lasts at most 6 months; 182 days keeps it under that in every month. */
export const CONSENT_MAX_AGE_DAYS = 182;

/** SPEC §7, §9: the referral code cookie, kept for 10 days. */
export const REFERRER_COOKIE = "referrerCode";
export const REFERRER_COOKIE_MAX_AGE_DAYS = 10;
/** Longest `referrer` query value stored; longer values are not a referral code we issued. */
export const REFERRER_MAX_LENGTH = 100;

/** SPEC §7: path segments of exactly 17 characters are record ids and are replaced by this. */
export const MASKED_ID = "ID";
export const ID_LENGTH = 17;

/** SPEC §9 analytics client defaults. */
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60 * 1000;
export const ANALYTICS_UPLOAD_PERIOD_MS = 30_000;
export const ANALYTICS_UPLOAD_THRESHOLD_EVENTS = 30;
export const ANALYTICS_BATCH_SIZE_EVENTS = 100;
/**
 * SPEC §9 asks for a 3650-day analytics cookie; EU regulators (CNIL, AEPD) cap audience
 * measurement cookies at 13 months, so the device cookie lives 395 days (decision record 4).
 */
export const ANALYTICS_COOKIE_EXPIRATION_DAYS = 395;

/**
 * SPEC §7 upload endpoint: the EU data-residency host's endpoint for the classic upload
 * format (form body with a checksum), which `UploadTransport` sends.
 */
export const ANALYTICS_EU_UPLOAD_URL = "https://api.eu.amplitude.com/";

/** Idle fallback: the chat widget loads this long after `load` if the browser never idles. */
export const CHAT_IDLE_TIMEOUT_MS = 4000;
