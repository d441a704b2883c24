import type { Page, Request } from "@playwright/test";

/** One upload the analytics SDK sent to the stand-in endpoint. */
export interface Upload {
  api_key: string;
  events: Array<{
    event_type: string;
    insert_id: string;
    event_properties?: Record<string, unknown>;
    user_properties?: Record<string, Record<string, unknown>>;
    ip?: string;
  }>;
  client_upload_time: string;
}

export const ANALYTICS_UPLOAD_URL = "https://api.eu.amplitude.com/2/httpapi";

/** A tiny stand-in for the chat vendor's script: the Tawk.to API surface the site uses. */
export function fakeTawkScript(status: "online" | "offline"): string {
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
  /** Analytics uploads received by the stand-in endpoint. */
  uploads: Upload[];
  /** Status the stand-in answers the next uploads with (200 unless a test says otherwise). */
  uploadStatuses: number[];
}

/**
 * Records every third-party request and stands in for the vendors: the analytics upload
 * endpoint answers like the real one (200, or the queued statuses), the tag manager and
 * LinkedIn scripts are empty, the chat script is the fake Tawk API. Nothing leaves the machine.
 */
export async function standInForThirdParties(
  page: Page,
  { chatStatus = "online" }: { chatStatus?: "online" | "offline" } = {},
): Promise<ThirdParties> {
  const thirdParties: ThirdParties = { requests: [], uploads: [], uploadStatuses: [] };
  const isThirdParty = (url: URL) => url.hostname !== "127.0.0.1";
  page.on("request", (request: Request) => {
    if (isThirdParty(new URL(request.url()))) thirdParties.requests.push(request.url());
  });
  await page.route(isThirdParty, async (route) => {
    const url = new URL(route.request().url());
    if (url.href === ANALYTICS_UPLOAD_URL) {
      thirdParties.uploads.push(route.request().postDataJSON() as Upload);
      const status = thirdParties.uploadStatuses.shift() ?? 200;
      const body =
        status === 200
          ? { code: 200, events_ingested: 1, server_upload_time: Date.now() }
          : { code: status, error: "Payload too large" };
      return route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    }
    if (url.hostname === "embed.tawk.to") {
      return route.fulfill({ contentType: "text/javascript", body: fakeTawkScript(chatStatus) });
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
