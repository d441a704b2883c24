import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { serializeConsent } from "../lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION, REFERRER_COOKIE } from "../lib/analytics/constants.ts";
import { heldReferralOf, REFERRAL_HOLD_SCRIPT } from "../lib/analytics/referral-hold.ts";
import { deleteCookie, readCookie } from "./cookies.ts";

/**
 * The app's side of the referral hold (referral.ts): it takes the code the head's script
 * holds and honours it when the visitor's consent decides, at once, in the first chunk.
 */

/** A fresh page: the head's script has run on `url`, and the app's modules load anew. */
async function startOn(url: string) {
  window.history.replaceState(null, "", url);
  new Function(REFERRAL_HOLD_SCRIPT)();
  vi.resetModules();
  const store = await import("./consent-store.ts");
  const referral = await import("./referral.ts");
  referral.holdReferral();
  return { store, referral, held: () => heldReferralOf(window)?.code ?? null };
}

beforeEach(() => {
  for (const name of [CONSENT_COOKIE, REFERRER_COOKIE]) deleteCookie(name);
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  const held = heldReferralOf(window);
  if (held) held.code = null;
  window.history.replaceState(null, "", "/");
});

test("until the visitor decides, the code is only held: nothing is stored", async () => {
  const { store, referral, held } = await startOn("/?referrer=acme_spring_2024");
  store.restoreConsent();
  expect(store.getConsentState()).toMatchObject({ isReady: true, decision: null });
  expect(referral.referralCode()).toBe("acme_spring_2024");
  expect(held()).toBe("acme_spring_2024");
  expect(document.cookie).toBe("");
  expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
});

test("accepting writes the referral cookie at the decision and lets the code go", async () => {
  const { store, referral, held } = await startOn("/?referrer=acme_spring_2024");
  store.restoreConsent();
  store.decideConsent({ analytics: true, marketing: true });
  expect(readCookie(REFERRER_COOKIE)).toBe("acme_spring_2024");
  expect(held()).toBeNull();
  // Still there for the analytics client's user properties.
  expect(referral.referralCode()).toBe("acme_spring_2024");
});

test("a choice stored earlier (or before the start) is honoured as the app starts", async () => {
  const record = {
    version: CONSENT_VERSION,
    decidedAt: Date.now(),
    analytics: false,
    marketing: true,
  };
  // biome-ignore lint/suspicious/noDocumentCookie: a choice stored on an earlier visit
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(record))}; Path=/`;
  const { store, held } = await startOn("/pricing?referrer=acme_spring_2024");
  store.restoreConsent();
  expect(readCookie(REFERRER_COOKIE)).toBe("acme_spring_2024");
  expect(held()).toBeNull();
});

test("refusing stores nothing and lets the code go", async () => {
  const { store, held } = await startOn("/?referrer=acme_spring_2024");
  store.restoreConsent();
  store.decideConsent({ analytics: false, marketing: false });
  expect(readCookie(REFERRER_COOKIE)).toBeNull();
  expect(held()).toBeNull();
});

test("analytics alone stores no cookie; the code is held until the analytics client has it", async () => {
  const { store, referral, held } = await startOn("/?referrer=acme_spring_2024");
  store.restoreConsent();
  store.decideConsent({ analytics: true, marketing: false });
  expect(readCookie(REFERRER_COOKIE)).toBeNull();
  expect(held()).toBe("acme_spring_2024");
  referral.releaseReferral();
  expect(held()).toBeNull();
});

test("marketing granted later on the same page, after a refusal, still writes the cookie", async () => {
  const { store } = await startOn("/?referrer=acme_spring_2024");
  store.restoreConsent();
  store.decideConsent({ analytics: false, marketing: false });
  store.reopenConsent();
  store.decideConsent({ analytics: false, marketing: true });
  expect(readCookie(REFERRER_COOKIE)).toBe("acme_spring_2024");
});

test("a visit without a code writes no referral cookie", async () => {
  const { store } = await startOn("/features");
  store.restoreConsent();
  store.decideConsent({ analytics: true, marketing: true });
  expect(readCookie(REFERRER_COOKIE)).toBeNull();
});
