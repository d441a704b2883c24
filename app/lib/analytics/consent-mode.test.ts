import { expect, test } from "vitest";
import { CONSENT_MODE_DEFAULTS, consentModeState } from "./consent-mode.ts";

test("Consent Mode v2 defaults deny everything", () => {
  expect(CONSENT_MODE_DEFAULTS).toEqual({
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
  });
});

test.each([
  [{ analytics: true, marketing: false }, "granted", "denied"],
  [{ analytics: false, marketing: true }, "denied", "granted"],
  [{ analytics: true, marketing: true }, "granted", "granted"],
])("%j maps to analytics %s and ads %s", (choice, analytics, ads) => {
  expect(consentModeState(choice)).toEqual({
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: analytics,
  });
});
