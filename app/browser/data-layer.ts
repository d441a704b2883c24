import type { ConsentChoice } from "../lib/analytics/consent.ts";
import { CONSENT_MODE_DEFAULTS, consentModeState } from "../lib/analytics/consent-mode.ts";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function dataLayer(): unknown[] {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/**
 * The tag manager's `gtag()` command. Consent commands are only read from `arguments`
 * objects, not arrays, so this cannot use rest parameters.
 */
function gtag(..._command: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: Google's data layer only recognises Arguments objects
  dataLayer().push(arguments);
}

let hasDefaults = false;

/**
 * Google Consent Mode v2: pushes the all-denied defaults once, before the tag manager can
 * load (it only loads after a choice, and this runs first on every page).
 */
export function pushConsentDefaults(): void {
  if (hasDefaults) return;
  hasDefaults = true;
  gtag("consent", "default", { ...CONSENT_MODE_DEFAULTS, wait_for_update: 500 });
}

/** Tells the tag manager what the visitor decided. */
export function pushConsentUpdate(choice: ConsentChoice): void {
  gtag("consent", "update", consentModeState(choice));
}

/** Adds an entry to the page data layer (tracking events, virtual page views). */
export function pushToDataLayer(entry: Record<string, unknown>): void {
  dataLayer().push(entry);
}
