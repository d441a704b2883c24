import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { SITE } from "../../app/lib/site-config.ts";
import { SUBRESOURCE_CSP } from "../../server/csp.ts";

/**
 * The production server as `npm start` runs it, with HSTS=1 (playwright.config.ts): plain
 * HTTP, no trusted proxy, default PUBLIC_ORIGIN. Node's client, because the probe must
 * choose the Host header.
 */
function headersOf(
  baseURL: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseURL), { headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.headers));
    });
    request.on("error", reject);
    request.end();
  });
}

const PROBED = ["/", "/de/pricing", "/api/unknown", "/no-such-page"];

test("over plain HTTP, on loopback or a LAN name, even with HSTS=1: no upgrade-insecure-requests, no HSTS", async ({
  baseURL,
}) => {
  for (const path of PROBED) {
    for (const request of [{}, { host: "192.168.1.10:3000" }] as Record<string, string>[]) {
      const headers = await headersOf(baseURL as string, path, request);
      expect(headers["content-security-policy"]).toContain("default-src 'self'");
      expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
  }
});

test("for the public https origin's host, every answer upgrades insecure requests and sends HSTS", async ({
  baseURL,
}) => {
  const host = new URL(SITE.origin).host;
  for (const path of PROBED) {
    const headers = await headersOf(baseURL as string, path, { host });
    expect(headers["content-security-policy"]).toMatch(/; upgrade-insecure-requests$/);
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  }
  // An X-Forwarded-Proto from an untrusted peer (no TRUST_PROXY) changes nothing.
  const forged = await headersOf(baseURL as string, "/", { "x-forwarded-proto": "https" });
  expect(forged["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  expect(forged["strict-transport-security"]).toBeUndefined();
});

test("the scripts a page starts with carry the short policy that allows nothing, on either transport", async ({
  baseURL,
  request,
}) => {
  const html = await (await request.get("/")).text();
  const scripts = [...html.matchAll(/data-(?:entry|renderer)="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  expect(scripts).toHaveLength(2);
  for (const script of scripts) {
    const plain = await headersOf(baseURL as string, script);
    expect(plain["content-security-policy"]).toBe(SUBRESOURCE_CSP);
    expect(plain["x-content-type-options"]).toBe("nosniff");
    const secure = await headersOf(baseURL as string, script, { host: new URL(SITE.origin).host });
    expect(secure["content-security-policy"]).toBe(`${SUBRESOURCE_CSP}; upgrade-insecure-requests`);
  }
  // The page itself keeps the whole policy.
  expect((await headersOf(baseURL as string, "/"))["content-security-policy"]).toMatch(
    /^default-src 'self'; script-src 'self' 'sha256-/,
  );
});
