import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import {
  type AccessibilityContact,
  type BuildConfig,
  readBuildConfig,
} from "../../../app/lib/build-config.ts";

const TEST_ENV = readBuildConfig(
  parseEnv(readFileSync(path.resolve(import.meta.dirname, "../../../.env.test"), "utf8")),
);

/**
 * The configuration the test builds are made with (`.env.test`, see `npm run build:test`):
 * fake ids that switch every tag and video on. Specs compare what the page asks for with it.
 */
export const TEST_BUILD: BuildConfig = TEST_ENV.config;

/** The accessibility statement's contact and reply time in the test builds. */
export const TEST_ACCESSIBILITY: AccessibilityContact = TEST_ENV.accessibility;

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`.env.test must set ${name}`);
  return value;
}

export const TEST_ANALYTICS_KEY_TESTING = required(
  TEST_BUILD.analytics.testing,
  "ANALYTICS_KEY_TESTING",
);
export const TEST_TOUR_ID = required(TEST_BUILD.videos.productTour, "VIDEO_TOUR_ID").id;
export const TEST_WALKTHROUGH_ID = required(
  TEST_BUILD.videos.xeroWalkthrough,
  "VIDEO_WALKTHROUGH_ID",
).id;
export const TEST_XERO_TRACKING_ID = required(
  TEST_BUILD.xeroPartnerTrackingId,
  "XERO_PARTNER_TRACKING_ID",
);
/** The lengths the posters show (seconds). */
export const TEST_TOUR_DURATION_SECONDS = required(
  TEST_BUILD.videos.productTour?.durationSeconds,
  "VIDEO_TOUR_DURATION_SECONDS",
);
export const TEST_WALKTHROUGH_DURATION_SECONDS = required(
  TEST_BUILD.videos.xeroWalkthrough?.durationSeconds,
  "VIDEO_WALKTHROUGH_DURATION_SECONDS",
);
