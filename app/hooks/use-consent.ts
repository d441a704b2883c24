import { useSyncExternalStore } from "react";
import { getConsentState, subscribeToConsent } from "../browser/consent-store.ts";
import { type ConsentState, INITIAL_CONSENT_STATE } from "../lib/analytics/consent.ts";

/** The visitor's consent state; the initial (hidden) state while prerendering and hydrating. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeToConsent, getConsentState, () => INITIAL_CONSENT_STATE);
}
