import type { ConsentChoice } from "./consent.ts";

/** Google Consent Mode v2 signals. */
export type ConsentModeState = Record<
  "ad_storage" | "ad_user_data" | "ad_personalization" | "analytics_storage",
  "granted" | "denied"
>;

/** Consent Mode v2 defaults: everything denied until the visitor decides. */
export const CONSENT_MODE_DEFAULTS: ConsentModeState = consentModeState({
  analytics: false,
  marketing: false,
});

/** Maps the visitor's choice onto Consent Mode v2 signals. */
export function consentModeState(choice: ConsentChoice): ConsentModeState {
  const ads = choice.marketing ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice.analytics ? "granted" : "denied",
  };
}
