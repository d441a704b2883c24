import type { BuildConfig } from "../build-config.ts";
import { type EnvironmentLabel, environmentFromHostname } from "../environment.ts";
import { SITE } from "../site-config.ts";
import { DEPLOYMENT } from "../site-deployment.ts";

/**
 * How analytics and third-party tags behave on a host (SPEC §7):
 * - `console`: the host name contains "localhost"; events are only logged to the console
 *   and no third-party script is injected.
 * - `send`: events go to the analytics service with the live key on the live host and the
 *   testing key elsewhere (staging, demo, and loopback addresses such as the e2e server at
 *   127.0.0.1, which the spec's "contains localhost" rule does not cover). A key the build
 *   was not configured with is undefined: analytics then logs an error and stays off.
 */
export type AnalyticsSetup =
  | { mode: "console"; environment: EnvironmentLabel }
  | { mode: "send"; environment: EnvironmentLabel; apiKey: string | undefined };

export function analyticsSetup(
  hostname: string,
  keys: BuildConfig["analytics"] = DEPLOYMENT.analytics,
): AnalyticsSetup {
  const environment = environmentFromHostname(hostname);
  if (isLocalhostName(hostname)) return { mode: "console", environment };
  return { mode: "send", environment, apiKey: environment === "Live" ? keys.live : keys.testing };
}

/** SPEC §7: third-party tags are never injected when the host name contains localhost. */
export function isLocalhostName(hostname: string): boolean {
  return hostname.toLowerCase().includes("localhost");
}

/** Amplitude API keys are 32 lowercase hexadecimal characters. */
export function isValidAnalyticsKey(key: string | null | undefined): key is string {
  return typeof key === "string" && /^[0-9a-f]{32}$/.test(key);
}

/**
 * The analytics cookie's domain: the registrable domain of the site on its own hosts (so
 * the marketing site and the app share one device id), the current host elsewhere.
 */
export function analyticsCookieDomain(hostname: string, origin: string = SITE.origin): string {
  const siteHost = new URL(origin).hostname.replace(/^www\./, "");
  const host = hostname.toLowerCase();
  return host === siteHost || host.endsWith(`.${siteHost}`) ? `.${siteHost}` : "";
}
