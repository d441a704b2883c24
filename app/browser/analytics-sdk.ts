import { AmplitudeBrowser, type Types } from "@amplitude/analytics-browser";
import { Destination, type Transport } from "@amplitude/analytics-core";
import { analyticsCookieDomain } from "../lib/analytics/analytics-setup.ts";
import {
  ANALYTICS_BATCH_SIZE_EVENTS,
  ANALYTICS_COOKIE_EXPIRATION_DAYS,
  ANALYTICS_EU_UPLOAD_URL,
  ANALYTICS_SESSION_TIMEOUT_MS,
  ANALYTICS_UPLOAD_PERIOD_MS,
} from "../lib/analytics/constants.ts";
import { UploadTransport, uploadTransportPlugin } from "./upload-transport.ts";

/**
 * The Amplitude SDK as the site configures it. Imported with `import()` only after analytics
 * consent (analytics-client.ts), so none of it is first-load JavaScript.
 */
export { Identify } from "@amplitude/analytics-browser";

export type AnalyticsClient = Pick<
  Types.BrowserClient,
  "init" | "track" | "identify" | "flush" | "setOptOut"
>;

/**
 * SDK options (SPEC §7, §9). The SDK's `flushQueueSize` is the size of each upload batch
 * (halved on a 413); the SPEC's 30-event upload threshold is added by createUploadThreshold.
 * The SDK keeps at most 1000 unsent events in local storage by itself. Uploads go to the EU
 * endpoint of the classic upload format (`UploadTransport`).
 */
export function sdkOptions(hostname: string, isHttps: boolean) {
  const domain = analyticsCookieDomain(hostname);
  return {
    serverZone: "EU" as const,
    serverUrl: ANALYTICS_EU_UPLOAD_URL,
    flushIntervalMillis: ANALYTICS_UPLOAD_PERIOD_MS,
    flushQueueSize: ANALYTICS_BATCH_SIZE_EVENTS,
    useBatch: false,
    sessionTimeout: ANALYTICS_SESSION_TIMEOUT_MS,
    cookieOptions: {
      ...(domain ? { domain } : {}),
      expiration: ANALYTICS_COOKIE_EXPIRATION_DAYS,
      sameSite: "Lax" as const,
      secure: isHttps,
    },
    trackingOptions: { ipAddress: false },
    // Nothing beyond what the site sends itself, and no calls to other Amplitude hosts.
    autocapture: false,
    fetchRemoteConfig: false,
    remoteConfig: { fetchRemoteConfig: false },
    enableDiagnostics: false,
  };
}

/**
 * Creates and initialises the client with the site's options, uploading through `transport`
 * (the SPEC §7 format by default), with explicit flushes that retry like timed uploads.
 */
export async function createAnalyticsClient(
  apiKey: string,
  options: Types.BrowserOptions = sdkOptions(
    window.location.hostname,
    window.location.protocol === "https:",
  ),
  transport: Transport = new UploadTransport({
    ipAddress: options.trackingOptions?.ipAddress ?? true,
  }),
): Promise<AnalyticsClient> {
  // The client class itself (what `createInstance` wraps in debug logging), because it
  // also gives access to its plugins.
  const instance = new AmplitudeBrowser();
  instance.add(uploadTransportPlugin(transport));
  await instance.init(apiKey, options).promise;
  for (const destination of instance.plugins(Destination)) retryExplicitFlushes(destination);
  return instance;
}

/**
 * The SDK uploads an explicit `flush()` without retries: a 413 there would drop the whole
 * batch instead of halving it (SPEC §8), and a 5xx or a network error would drop it too. The
 * site's only explicit flush is the 30-event upload threshold, which must behave like the
 * timed upload, so explicit flushes take the SDK's retrying path.
 */
function retryExplicitFlushes(destination: Destination): void {
  const flush = destination.flush.bind(destination);
  destination.flush = () => flush(true);
}
