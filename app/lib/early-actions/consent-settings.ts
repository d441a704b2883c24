import type { ConsentChoice } from "../analytics/consent.ts";
import { CONSENT_STORED_ATTRIBUTE } from "../analytics/consent-probe.ts";
import { CONSENT_SWITCH_NAMES } from "./capture-script.ts";

/**
 * The settings layer the head's capture script opened on a first visit's pending banner
 * before the start: the choice its switches show, or null when it is not open (or a choice
 * was stored since, which hides the banner).
 */
export function earlyConsentSettings(doc: Document): ConsentChoice | null {
  if (doc.documentElement.hasAttribute(CONSENT_STORED_ATTRIBUTE)) return null;
  const banner = doc.querySelector('[data-pending][data-view="settings"]');
  if (!banner) return null;
  const isOn = (name: string) =>
    banner.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked === true;
  return {
    analytics: isOn(CONSENT_SWITCH_NAMES.analytics),
    marketing: isOn(CONSENT_SWITCH_NAMES.marketing),
  };
}
