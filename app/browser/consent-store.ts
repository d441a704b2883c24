import {
  type ConsentAction,
  type ConsentChoice,
  type ConsentState,
  consentCookieMaxAgeSeconds,
  consentReducer,
  INITIAL_CONSENT_STATE,
  parseConsent,
  serializeConsent,
} from "../lib/analytics/consent.ts";
import { CONSENT_COOKIE } from "../lib/analytics/constants.ts";
import { readCookie, writeCookie } from "./cookies.ts";

/**
 * The visitor's consent as an external store: the banner renders it, the services module
 * reacts to it. The record lives in a first-party cookie (strictly necessary to remember a
 * refusal), read only in the browser after hydration.
 */
let state: ConsentState = INITIAL_CONSENT_STATE;
/** The switches of a settings layer opened before the start (`holdEarlyConsentSettings`). */
let earlySettings: ConsentChoice | null = null;
const listeners = new Set<(state: ConsentState, previous: ConsentState) => void>();

function dispatch(action: ConsentAction): void {
  const previous = state;
  state = consentReducer(state, action);
  if (action.type === "decide" && state.decision) {
    writeCookie(CONSENT_COOKIE, serializeConsent(state.decision), {
      maxAgeSeconds: consentCookieMaxAgeSeconds(),
    });
  }
  for (const listener of listeners) listener(state, previous);
}

export function getConsentState(): ConsentState {
  return state;
}

export function subscribeToConsent(
  listener: (state: ConsentState, previous: ConsentState) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called right before hydration: the settings layer the head's capture script opened on a
 * first visit's banner before the start, with its switches as the visitor left them, or
 * null. React's first render of the restored banner would reset both, so they are read
 * from the page before it runs.
 */
export function holdEarlyConsentSettings(choice: ConsentChoice | null): void {
  earlySettings = choice;
}

/** Reads the stored record once, after hydration. */
export function restoreConsent(): void {
  if (state.isReady) return;
  dispatch({
    type: "restore",
    record: parseConsent(readCookie(CONSENT_COOKIE)),
    now: Date.now(),
    isSettingsOpen: earlySettings !== null,
  });
  if (state.view !== "settings") earlySettings = null;
}

/**
 * What the settings layer starts from when it opens on a restore: the switches of a layer
 * opened before the start, once; otherwise null.
 */
export function takeEarlyConsentSettings(): ConsentChoice | null {
  const choice = earlySettings;
  earlySettings = null;
  return choice;
}

export function decideConsent(choice: ConsentChoice): void {
  dispatch({ type: "decide", choice, now: Date.now() });
}

export function showConsentSettings(): void {
  dispatch({ type: "showSettings" });
}

/** The footer's Cookie settings: reopens the banner on its settings layer. */
export function reopenConsent(): void {
  dispatch({ type: "reopen" });
}
