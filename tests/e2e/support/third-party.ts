import { createHash } from "node:crypto";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { serializeConsent } from "../../../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../../../app/lib/analytics/constants.ts";

/**
 * One upload the analytics client sent to the stand-in endpoint, in the SPEC §7 format: a
 * form body with `client`, `e` (the JSON list of events), `v`, `upload_time` and `checksum`.
 */
export interface Upload {
  client: string;
  v: string;
  upload_time: string;
  checksum: string;
  /** `e`, parsed. */
  events: Array<{
    event_type: string;
    insert_id: string;
    event_properties?: Record<string, unknown>;
    user_properties?: Record<string, Record<string, unknown>>;
    api_properties?: Record<string, unknown>;
    ip?: string;
  }>;
  /** Content-Type of the request. */
  contentType: string;
}

const ANALYTICS_UPLOAD_URL = "https://api.eu.amplitude.com/";

/**
 * Reads an upload like the real endpoint: the form fields, and the checksum, which must be
 * the MD5 hex of `v + client + e + upload_time`. Returns why it is rejected, if it is.
 */
function parseUpload(request: Request): Upload | { rejected: string } {
  const contentType = request.headers()["content-type"] ?? "";
  const form = new URLSearchParams(request.postData() ?? "");
  const field = (name: string) => form.get(name) ?? "";
  const [client, e, v, uploadTime, checksum] = [
    field("client"),
    field("e"),
    field("v"),
    field("upload_time"),
    field("checksum"),
  ];
  const expected = createHash("md5").update(`${v}${client}${e}${uploadTime}`).digest("hex");
  if (!contentType.startsWith("application/x-www-form-urlencoded")) {
    return { rejected: `content type ${contentType}` };
  }
  if (checksum !== expected) return { rejected: `checksum ${checksum}, expected ${expected}` };
  return {
    client,
    v,
    upload_time: uploadTime,
    checksum,
    events: JSON.parse(e || "[]") as Upload["events"],
    contentType,
  };
}

/** A tiny stand-in for the chat vendor's script: the Tawk.to API surface the site uses. */
function fakeTawkScript(status: "online" | "offline"): string {
  return `(function () {
    var api = window.Tawk_API;
    window.__tawkCalls = [];
    ["toggle", "maximize", "hideWidget", "showWidget"].forEach(function (name) {
      api[name] = function () { window.__tawkCalls.push(name); };
    });
    api.getStatus = function () { return ${JSON.stringify(status)}; };
    setTimeout(function () { if (api.onLoad) api.onLoad(); }, 0);
  })();`;
}

export interface ThirdParties {
  /** Every request the page made to another origin, in order. */
  requests: string[];
  /** Analytics uploads received by the stand-in endpoint (with a valid checksum). */
  uploads: Upload[];
  /** Why the stand-in rejected an upload (wrong content type or checksum); empty when fine. */
  rejectedUploads: string[];
  /** Status the stand-in answers the next uploads with (200 unless a test says otherwise). */
  uploadStatuses: number[];
}

/**
 * Records every third-party request and stands in for the vendors: the analytics upload
 * endpoint answers like the real one (200 `success`, or the queued statuses; 400 for a bad
 * checksum), the tag manager and
 * LinkedIn scripts are empty, the chat script is the fake Tawk API. Nothing leaves the machine.
 */
export async function standInForThirdParties(
  page: Page,
  { chatStatus = "online" }: { chatStatus?: "online" | "offline" } = {},
): Promise<ThirdParties> {
  const thirdParties: ThirdParties = {
    requests: [],
    uploads: [],
    rejectedUploads: [],
    uploadStatuses: [],
  };
  const isThirdParty = (url: URL) => url.hostname !== "127.0.0.1";
  page.on("request", (request: Request) => {
    if (isThirdParty(new URL(request.url()))) thirdParties.requests.push(request.url());
  });
  await page.route(isThirdParty, async (route) => {
    const url = new URL(route.request().url());
    if (url.href === ANALYTICS_UPLOAD_URL && route.request().method() === "POST") {
      const upload = parseUpload(route.request());
      if ("rejected" in upload) {
        thirdParties.rejectedUploads.push(upload.rejected);
        return route.fulfill({ status: 400, contentType: "text/plain", body: "invalid_checksum" });
      }
      thirdParties.uploads.push(upload);
      const status = thirdParties.uploadStatuses.shift() ?? 200;
      const body = status === 200 ? "success" : "request too large";
      return route.fulfill({ status, contentType: "text/plain", body });
    }
    if (url.hostname === "embed.tawk.to") {
      return route.fulfill({ contentType: "text/javascript", body: fakeTawkScript(chatStatus) });
    }
    // The video host's player: a page that loads, so a player the site embeds stays embedded
    // (an aborted request would rightly switch the section to its "host blocked" note).
    if (url.hostname === "player.vimeo.com") {
      return route.fulfill({ contentType: "text/html", body: "<title>player</title>" });
    }
    if (url.hostname === "www.googletagmanager.com" || url.hostname === "snap.licdn.com") {
      return route.fulfill({ contentType: "text/javascript", body: "" });
    }
    return route.abort();
  });
  return thirdParties;
}

/** Names of the cookies the page has, sorted. */
export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

/**
 * Stores a consent decision as the banner would, before the page loads: a returning visitor
 * who already chose. `marketing` covers the embedded videos.
 */
export async function storeConsent(
  context: BrowserContext,
  baseURL: string | undefined,
  { analytics, marketing }: { analytics: boolean; marketing: boolean },
): Promise<void> {
  const record = serializeConsent({
    version: CONSENT_VERSION,
    decidedAt: Date.now() - 60_000,
    analytics,
    marketing,
  });
  await context.addCookies([
    { name: CONSENT_COOKIE, value: encodeURIComponent(record), url: baseURL ?? "" },
  ]);
}
