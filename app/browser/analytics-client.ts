import {
  type AnalyticsEvent,
  navigationEvent,
  trackingAnalyticsEvent,
} from "../lib/analytics/analytics-events.ts";
import { type AnalyticsSetup, isValidAnalyticsKey } from "../lib/analytics/analytics-setup.ts";
import { ANALYTICS_UPLOAD_THRESHOLD_EVENTS } from "../lib/analytics/constants.ts";
import { type Referral, referralUserProperties } from "../lib/analytics/referrer.ts";
import { addTrackingSink } from "../lib/analytics/tracking-event.ts";
import { createUploadThreshold } from "../lib/analytics/upload-threshold.ts";
import type { AnalyticsClient as Client } from "./analytics-sdk.ts";

type Log = (event: AnalyticsEvent) => void;

let log: Log | null = null;
let client: Promise<Client | null> | null = null;
let removeSink: (() => void) | null = null;
let currentPath: string | null = null;
let pendingReferral: Referral | null = null;

/**
 * Starts product analytics after consent. On a localhost host events are only logged to
 * the console; elsewhere the SDK is imported on demand (never part of first-load JS).
 * A missing or invalid key logs an error and leaves the rest of the site untouched.
 */
export function startAnalytics(setup: AnalyticsSetup): void {
  if (log) return;
  if (setup.mode === "console") {
    log = (event) => console.log("[analytics]", event.eventType, event.properties);
  } else {
    if (!isValidAnalyticsKey(setup.apiKey)) {
      console.error("Analytics is off: the analytics key is missing or invalid.");
      return;
    }
    client = loadClient(setup.apiKey);
    const threshold = createUploadThreshold(ANALYTICS_UPLOAD_THRESHOLD_EVENTS, () => {
      void client?.then((instance) => instance?.flush());
    });
    log = (event) => {
      threshold.track();
      void client?.then((instance) => {
        instance?.track(event.eventType, event.properties).promise.then(() => threshold.sent(1));
      });
    };
  }
  removeSink = addTrackingSink((event) => log?.(trackingAnalyticsEvent(event)));
  if (pendingReferral) identifyReferral(pendingReferral);
  if (currentPath !== null) log(navigationEvent(currentPath));
}

async function loadClient(apiKey: string): Promise<Client | null> {
  try {
    const sdk = await import("./analytics-sdk.ts");
    return await sdk.createAnalyticsClient(apiKey);
  } catch (error) {
    console.error("Analytics could not start", error);
    return null;
  }
}

/**
 * Stops analytics after consent is withdrawn: nothing more is queued or uploaded. Resolves
 * once the SDK has opted out, so its cookie can be removed after its last write.
 */
export async function stopAnalytics(): Promise<void> {
  removeSink?.();
  removeSink = null;
  log = null;
  const instance = await client;
  client = null;
  instance?.setOptOut(true);
}

/** SPEC §7: a navigation event on every route change (ids masked when shaped). */
export function recordNavigation(path: string): void {
  currentPath = path;
  log?.(navigationEvent(path));
}

/** Sets the referral user properties now, or once analytics starts. */
export function identifyReferral(referral: Referral): void {
  pendingReferral = referral;
  if (!log) return;
  const properties = referralUserProperties(referral);
  if (!client) {
    console.log("[analytics] identify", properties);
    return;
  }
  void client.then(async (instance) => {
    if (!instance) return;
    const { Identify } = await import("./analytics-sdk.ts");
    const identify = new Identify();
    for (const [key, value] of Object.entries(properties)) identify.set(key, value);
    instance.identify(identify);
  });
}
