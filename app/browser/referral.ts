import { type ConsentState, grantedChoice } from "../lib/analytics/consent.ts";
import { REFERRER_COOKIE } from "../lib/analytics/constants.ts";
import { heldReferralOf, REFERRER_COOKIE_OPTIONS } from "../lib/analytics/referral-hold.ts";
import { getConsentState, subscribeToConsent } from "./consent-store.ts";
import { writeCookie } from "./cookies.ts";

/** The landing URL's referral code, for as long as this document lives (client navigations too). */
let code: string | null = null;
let isHolding = false;
let isCookieWritten = false;

/**
 * Takes over the referral code the head's script holds (referral-hold.ts; SPEC §3, §7) when
 * the app starts, and honours it as the visitor's consent decides, at the moment it decides:
 * with marketing consent the `referrerCode` cookie is written at once, in the app's first
 * chunk rather than the consent-gated services' later one, so that a visitor who accepts and
 * leaves before that chunk has arrived keeps the credit. The analytics client reads the
 * code for the user properties (`referralCode`). Before a decision nothing is stored: the
 * code stays in memory and is carried to the next page by its address (the head's script).
 */
export function holdReferral(): void {
  if (isHolding) return;
  isHolding = true;
  // Every page's head holds it (root.tsx); the app has no copy of that reading to fall back on.
  code = heldReferralOf(window)?.code ?? null;
  subscribeToConsent(honour);
  honour(getConsentState());
}

/** The referral code this visit arrived with, if any (kept in memory for the whole visit). */
export function referralCode(): string | null {
  return code;
}

/**
 * Stops carrying the code to the next page: the decision has taken it as far as it allows
 * (refused, stored in its cookie, or given to analytics).
 */
export function releaseReferral(): void {
  const held = heldReferralOf(window);
  if (held) held.code = null;
}

function honour(state: ConsentState): void {
  if (!state.isReady || !state.decision) return;
  const choice = grantedChoice(state);
  if (!choice.marketing) {
    // Withdrawn or refused: the consent-gated services remove the cookie; a later grant
    // writes it again.
    isCookieWritten = false;
  } else if (code && !isCookieWritten) {
    writeCookie(REFERRER_COOKIE, code, REFERRER_COOKIE_OPTIONS);
    isCookieWritten = true;
  }
  // With analytics alone the code waits for the analytics client (which releases it).
  if (choice.marketing || !choice.analytics) releaseReferral();
}
