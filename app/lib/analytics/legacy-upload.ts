import { BaseTransport, type Payload, type Response, Status } from "@amplitude/analytics-core";
import { md5 } from "@noble/hashes/legacy.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * SPEC §7, §8: the analytics upload in the classic Amplitude format, without I/O. A form
 * body with the client key, the JSON list of events, protocol version 2, the upload time in
 * milliseconds and an MD5 checksum; a 200 whose body is exactly `success` is accepted, a 413
 * is the SDK's PayloadTooLarge (its destination halves the batch, or drops a lone event).
 *
 * Only the lazily imported upload transport may import this module: it pulls the SDK core.
 */

/** Protocol version sent as `v`. */
export const UPLOAD_PROTOCOL_VERSION = 2;
/** The body of an accepted upload. */
const UPLOAD_ACCEPTED_BODY = "success";

/** MD5 (lowercase hex, of the UTF-8 bytes) of `v + client + e + upload_time`. */
export function uploadChecksum(
  version: number,
  client: string,
  events: string,
  uploadTime: number,
): string {
  return bytesToHex(md5(utf8ToBytes(`${version}${client}${events}${uploadTime}`)));
}

/**
 * The upload URL with its scheme forced to `https:`, except on a loopback host
 * (`127.0.0.0/8`, `[::1]`, `localhost`), where a local stand-in may listen on plain HTTP.
 */
export function forceHttps(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol === "https:" || isLoopbackHost(parsed.hostname)) return parsed.href;
  return `https:${parsed.href.slice(parsed.protocol.length)}`;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface UploadOptions {
  /**
   * `false` asks the server not to record the request's IP address: each event carries
   * `api_properties.tracking_options.ip_address: false`, as the classic JavaScript SDK sent.
   */
  ipAddress: boolean;
}

/** The form body of one upload of `payload.events`, stamped with `uploadTime` (ms). */
export function buildUploadBody(
  payload: Pick<Payload, "api_key" | "events">,
  uploadTime: number,
  { ipAddress }: UploadOptions,
): URLSearchParams {
  const events = JSON.stringify(
    ipAddress ? payload.events : payload.events.map(withoutIpAddressTracking),
  );
  return new URLSearchParams({
    client: payload.api_key,
    e: events,
    v: String(UPLOAD_PROTOCOL_VERSION),
    upload_time: String(uploadTime),
    checksum: uploadChecksum(UPLOAD_PROTOCOL_VERSION, payload.api_key, events, uploadTime),
  });
}

/** The classic SDK's way of asking the server not to record the request's address. */
function withoutIpAddressTracking(event: Payload["events"][number]): object {
  return { ...event, api_properties: { tracking_options: { ip_address: false } } };
}

const statusOf = new BaseTransport();

/**
 * The SDK response for an upload answered with HTTP `status` and text `body`:
 * - 200 with body exactly `success`: accepted (`eventCount` events ingested);
 * - any other 2xx, or a 200 with another body: not accepted, status Unknown, so the SDK
 *   keeps the events and tries again later;
 * - everything else as the SDK's own transport maps it: 413 PayloadTooLarge, 429 RateLimit,
 *   408 Timeout, other 4xx Invalid, 5xx Failed (the body text becomes the error).
 */
export function uploadResponse(status: number, body: string, eventCount: number): Response {
  if (status === 200 && body === UPLOAD_ACCEPTED_BODY) {
    return {
      status: Status.Success,
      statusCode: 200,
      body: { eventsIngested: eventCount, payloadSizeBytes: 0, serverUploadTime: 0 },
    };
  }
  if (status >= 200 && status < 300) return { status: Status.Unknown, statusCode: status };
  // `buildResponse` only returns null for a non-object argument.
  return statusOf.buildResponse({ code: status, error: body }) as Response;
}
