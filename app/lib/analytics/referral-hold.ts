import type { CookieOptions } from "../cookie-attributes.ts";
import { REFERRER_COOKIE_MAX_AGE_DAYS, REFERRER_MAX_LENGTH } from "./constants.ts";
import { REFERRAL_CODE_PATTERN, REFERRER_QUERY } from "./referrer.ts";

/** SPEC §7: the `referrerCode` cookie lasts 10 days (written only with marketing consent). */
export const REFERRER_COOKIE_OPTIONS: CookieOptions = {
  maxAgeSeconds: REFERRER_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
};

/**
 * The referral code of the landing URL, held until the visitor's consent decides what
 * becomes of it (docs/decisions/0026): in memory, on this global, from the head's first
 * script on. The app reads it when it starts and empties it once the decision has taken
 * the code as far as it allows; the head's capture script reads it for a choice made before
 * the app has started. Nothing is stored in the browser before consent.
 */
export const REFERRAL_GLOBAL = "__referral";

export interface HeldReferral {
  /** The normalized code (`normalizeReferralCode`), or null: none, refused, or honoured. */
  code: string | null;
}

/** The held referral of a window, if the head's script has run in it. */
export function heldReferralOf(win: object): HeldReferral | undefined {
  return (win as Record<string, HeldReferral | undefined>)[REFERRAL_GLOBAL];
}

/**
 * Inline script in every page's head. It holds the landing URL's `referrer` code, normalized
 * as `normalizeReferralCode` does, in REFERRAL_GLOBAL; and while a code is held, a link
 * that leaves this document for another page of the site (one the app does not follow
 * itself: before it has started, to another language, into a new tab) gets the code added
 * to its address for that one click, so the next page holds it too. Without it, a visitor
 * who moved on before deciding, or before the app had started on a slow phone, lost the
 * credit. A click the page has handled (`defaultPrevented`: the app's own navigation, which
 * keeps this document and so the global) and a link that already has a code are left alone.
 * Its text is constant, so its CSP hash is too.
 */
export const REFERRAL_HOLD_SCRIPT = `(() => {
  const value = (new URLSearchParams(location.search).get("${REFERRER_QUERY}") || "").trim();
  const held = (window.${REFERRAL_GLOBAL} = {
    code: value.length <= ${REFERRER_MAX_LENGTH} && ${REFERRAL_CODE_PATTERN}.test(value) ? value : null,
  });
  const carry = (event) => {
    const link = held.code && !event.defaultPrevented && event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.origin !== location.origin || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    const samePage = url.pathname === location.pathname && url.search === location.search;
    if (url.searchParams.has("${REFERRER_QUERY}") || (samePage && url.hash)) return;
    const href = link.getAttribute("href");
    url.searchParams.set("${REFERRER_QUERY}", held.code);
    link.href = url.href;
    setTimeout(() => link.setAttribute("href", href));
  };
  addEventListener("click", carry);
  addEventListener("auxclick", carry);
})();`;
