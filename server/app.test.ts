import { readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, FastifyPluginAsync, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SITE } from "../app/lib/site-config.ts";
import { cspHash, extractInlineScripts, runPostbuild } from "../scripts/postbuild-lib.ts";
import { buildApp } from "./app.ts";
import type { ServerConfig } from "./config.ts";
import { buildCsp, SUBRESOURCE_CSP } from "./csp.ts";
import { StartupError } from "./startup-error.ts";
import { loadStaticIndex } from "./static-index.ts";
import { createFakeBuild, type FakeBuild } from "./test-support/fake-build.ts";
import { rawGet, rawRequest } from "./test-support/raw-http.ts";

const ORIGIN = "https://www.beyondbudget.app";
const JSON_TYPE = "application/json; charset=utf-8";
const HTML_TYPE = "text/html; charset=utf-8";

/** Test-only API routes: one that fails, one that accepts form posts. */
const testRoutes: FastifyPluginAsync = async (api) => {
  api.get("/boom", () => {
    throw new Error("ENOENT: no such file /etc/secret/path.db");
  });
  api.post("/echo", (_request, reply) => reply.send({ ok: true }));
};

let fake: FakeBuild;
let app: FastifyInstance;
let port: number;

function configFor(buildDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: "127.0.0.1",
    port: 0,
    buildDir,
    hsts: false,
    trustProxy: [],
    logLevel: "silent",
    ...overrides,
  };
}

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url, headers });
}

beforeAll(async () => {
  fake = await createFakeBuild();
  await runPostbuild(fake.buildDir, ORIGIN);
  app = await buildApp(configFor(fake.buildDir), { apiRoutes: [testRoutes] });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await fake.cleanup();
});

describe("pages", () => {
  test.each([
    ["/", "Home"],
    ["/pricing", "Pricing"],
    ["/de", "Startseite"],
    ["/de/pricing", "Preise"],
    ["/faqs/reports-in-beyond", "Reports"],
  ])("%s serves its prerendered page", async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(HTML_TYPE);
    expect(response.body).toContain(`<h1>${title}</h1>`);
  });

  test("HTML carries validators, no-cache and Vary on encoding and cookie", async () => {
    const response = await get("/pricing");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers["last-modified"]).toMatch(/GMT$/);
    expect(response.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  test("HEAD answers like GET without a body", async () => {
    const getResponse = await get("/");
    const head = await app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(getResponse.headers["content-length"]);
    expect(head.headers.etag).toBe(getResponse.headers.etag);
  });

  test("a conditional GET with the current ETag or date answers 304 without a body", async () => {
    const first = await get("/");
    const byTag = await get("/", { "if-none-match": String(first.headers.etag) });
    const byDate = await get("/", { "if-modified-since": String(first.headers["last-modified"]) });
    for (const response of [byTag, byDate]) {
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe("");
      expect(response.headers.etag).toBe(first.headers.etag);
    }
  });

  test("GET /healthz answers ok", async () => {
    const response = await get("/healthz");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("ok");
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });
});

describe("not found", () => {
  test.each([
    ["/whatever", "EN"],
    ["/faqs/unknown-slug", "EN"],
    ["/it/pricing", "EN"],
    ["/404", "EN"],
    ["/de/whatever", "DE"],
    ["/de/404", "DE"],
    ["/es", "ES"],
    ["/es/pricing", "ES"],
    ["/fr/a/b/c", "FR"],
    [`/${"a".repeat(5000)}`, "EN"],
    [`/de/${"a".repeat(5000)}/x`, "DE"],
  ])("%s answers 404 with the %s not-found page", async (url, locale) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe(HTML_TYPE);
    expect(response.body).toContain(`Not found ${locale}`);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.etag).toBeUndefined();
  });

  test("the not-found page gets its own script hashes in the CSP", async () => {
    const response = await get("/de/whatever");
    for (const script of extractInlineScripts(response.body)) {
      expect(response.headers["content-security-policy"]).toContain(cspHash(script));
    }
  });

  test("HEAD of an unknown path answers 404 without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/de/whatever" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe("");
  });

  test.each([
    "/__spa-fallback.html",
    "/.env",
    "/.vite/manifest.json",
    "/assets/entry.client-abc123.js.map",
    "/package.json",
    "/server.ts",
    "/server/index.js",
    "/csp-hashes.json",
    "/leak.txt",
    "/linked/leak.txt",
    "/index.html",
    "/pricing/index.html",
    "/index.html.br",
    "/assets/",
    "/assets",
    "/media/",
  ])("%s is never served", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Not found EN");
    expect(response.body).not.toMatch(/secret|leak|SPA fallback/);
  });
});

describe("static files", () => {
  test.each([
    ["/assets/entry.client-abc123.js", "text/javascript; charset=utf-8"],
    ["/assets/global-def456.css", "text/css; charset=utf-8"],
    ["/assets/inter-789.woff2", "font/woff2"],
    ["/favicon.svg", "image/svg+xml; charset=utf-8"],
    ["/pricing.data", "text/x-script; charset=utf-8"],
    ["/_root.data", "text/x-script; charset=utf-8"],
    ["/sitemap.xml", "application/xml; charset=utf-8"],
    ["/robots.txt", "text/plain; charset=utf-8"],
    ["/site.webmanifest", "application/manifest+json; charset=utf-8"],
    ["/media/tour.mp4", "video/mp4"],
  ])("%s is served as %s", async (url, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(type);
  });

  test.each([
    ["/assets/entry.client-abc123.js", "public, max-age=31536000, immutable"],
    ["/assets/inter-789.woff2", "public, max-age=31536000, immutable"],
    ["/", "no-cache"],
    ["/de/pricing", "no-cache"],
    ["/pricing.data", "no-cache"],
    ["/sitemap.xml", "no-cache"],
    ["/robots.txt", "no-cache"],
    ["/favicon.svg", "no-cache"],
    ["/media/tour.mp4", "no-cache"],
    ["/whatever", "no-cache"],
    ["/api/unknown", "no-store"],
    ["/healthz", "no-store"],
  ])("%s has Cache-Control %s", async (url, cacheControl) => {
    expect((await get(url)).headers["cache-control"]).toBe(cacheControl);
  });

  test("the sitemap served is the one postbuild wrote", async () => {
    const response = await get("/sitemap.xml");
    expect(response.body).toContain(`<loc>${ORIGIN}/de/pricing</loc>`);
  });
});

describe("precompressed files", () => {
  test.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["", undefined],
  ])("Accept-Encoding %j is answered with %s", async (acceptEncoding, encoding) => {
    const plain = await get("/");
    const response = await get("/", { "accept-encoding": acceptEncoding });
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    const body =
      encoding === "br"
        ? brotliDecompressSync(response.rawPayload)
        : encoding === "gzip"
          ? gunzipSync(response.rawPayload)
          : response.rawPayload;
    expect(body.toString()).toBe(plain.body);
  });

  test("each encoding has its own ETag", async () => {
    const tags = await Promise.all(
      ["identity", "gzip", "br"].map(async (coding) => {
        return (await get("/pricing", { "accept-encoding": coding })).headers.etag;
      }),
    );
    expect(new Set(tags).size).toBe(3);
  });

  test("hashed assets are precompressed too", async () => {
    const response = await get("/assets/entry.client-abc123.js", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });
});

describe("byte ranges on media", () => {
  const mp4 = () => readFile(path.join(fake.buildDir, "client/media/tour.mp4"));

  test("the whole video streams with its length", async () => {
    const response = await get("/media/tour.mp4");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.rawPayload.equals(await mp4())).toBe(true);
  });

  test("a single range answers 206 with that slice", async () => {
    const file = await mp4();
    const response = await get("/media/tour.mp4", { range: "bytes=100-199" });
    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 100-199/${file.length}`);
    expect(response.rawPayload.equals(file.subarray(100, 200))).toBe(true);
  });

  test("a range past the end answers 416", async () => {
    const file = await mp4();
    const response = await get("/media/tour.mp4", { range: `bytes=${file.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers["content-range"]).toBe(`bytes */${file.length}`);
  });

  test("HEAD gives the length without reading the file", async () => {
    const response = await app.inject({ method: "HEAD", url: "/media/tour.mp4" });
    expect(response.headers["content-length"]).toBe(String((await mp4()).length));
    expect(response.body).toBe("");
  });
});

describe("redirects", () => {
  test.each([
    ["/pricing/", "/pricing"],
    ["/pricing/?a=1&b=two", "/pricing?a=1&b=two"],
    ["/de/", "/de"],
    ["/de/pricing/", "/de/pricing"],
    ["/faqs/reports-in-beyond/", "/faqs/reports-in-beyond"],
  ])("%s redirects permanently to %s on the same host", async (url, location) => {
    const response = await app.inject({ url, headers: { host: "evil.example" } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  test.each([
    "/xero-integration/step-by-step",
    "/xero-integration/step-by-step/",
    "/de/xero-integration/step-by-step",
    "/es/xero-integration/step-by-step",
    "/fr/xero-integration/step-by-step?utm=x",
  ])("%s sends the browser to the step-by-step article", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(SITE.xeroStepByStepArticle);
  });

  test.each([
    ["/pricing", "lang=de", "/de/pricing"],
    ["/pricing?ref=abc", "lang=fr", "/fr/pricing?ref=abc"],
    ["/", "theme=dark; lang=de", "/de"],
    ["/", 'lang="de"', "/de"],
  ])("%s with cookie %s redirects to %s", async (url, cookie, location) => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await app.inject({ method, url, headers: { cookie } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
      expect(response.headers.vary).toContain("Cookie");
    }
  });

  test.each([
    ["/pricing", "lang=en"],
    ["/pricing", "lang=it"],
    ["/pricing", "language=de"],
    ["/pricing", "lang=es"],
    ["/de/pricing", "lang=fr"],
    ["/favicon.svg", "lang=de"],
    ["/pricing.data", "lang=de"],
  ])("%s with cookie %s is served as is", async (url, cookie) => {
    const response = await get(url, { cookie });
    expect(response.statusCode).toBe(200);
  });
});

describe("methods", () => {
  test.each([
    ["POST", "/"],
    ["POST", "/pricing"],
    ["PUT", "/pricing"],
    ["DELETE", "/de/pricing"],
    ["PATCH", "/whatever"],
    ["OPTIONS", "/"],
  ] as const)("%s %s answers 405 and allows only GET and HEAD", async (method, url) => {
    const response = await app.inject({ method, url, payload: "a=1" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(response.json()).toEqual({ error: "Method Not Allowed" });
  });

  test.each(["/", "/api/unknown"])(
    "TRACE %s is not implemented and echoes nothing",
    async (url) => {
      const response = await app.inject({
        method: "TRACE",
        url,
        headers: { "x-echo-me": "secret-value", cookie: "session=secret-cookie" },
      });
      expect(response.statusCode).toBe(501);
      expect(response.body).toBe('{"error":"Not Implemented"}');
    },
  );

  test("TRACK, unknown to the HTTP parser, is not implemented either", async () => {
    const response = await rawGet(port, "/", "TRACK");
    expect(response.status).toBe(501);
    expect(response.body).toBe('{"error":"Not Implemented"}');
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("API scope", () => {
  test.each([
    ["GET", "/api/unknown"],
    ["POST", "/api/unknown"],
    ["GET", "/api/"],
    ["DELETE", "/api/echo"],
  ] as const)("%s %s answers a JSON 404", async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe(JSON_TYPE);
    expect(response.json()).toEqual({ error: "Not Found" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("registered API routes answer, with no-store", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  test("an exception becomes a generic 500 and the server keeps serving", async () => {
    const response = await get("/api/boom");
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"error":"Internal Server Error"}');
    expect((await get("/")).statusCode).toBe(200);
  });

  test("a body over 16 KiB answers 413 without details", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ x: "a".repeat(17 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "Payload Too Large" });
  });

  test("an unsupported content type answers 415 without details", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/echo",
      headers: { "content-type": "application/xml" },
      payload: "<x/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: "Unsupported Media Type" });
  });
});

describe("security headers", () => {
  const SEC6_DIRECTIVES = [
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  const requests: [string, InjectOptions][] = [
    ["a page", { url: "/" }],
    ["a localized page", { url: "/de/pricing" }],
    ["an asset", { url: "/assets/entry.client-abc123.js" }],
    ["a data file", { url: "/pricing.data" }],
    ["a 304", { url: "/favicon.svg", headers: { "if-none-match": "*" } }],
    ["a 206", { url: "/media/tour.mp4", headers: { range: "bytes=0-1" } }],
    ["a 404 page", { url: "/de/whatever" }],
    ["an API 404", { url: "/api/unknown" }],
    ["an API 500", { url: "/api/boom" }],
    ["a 301", { url: "/pricing/" }],
    ["a 302", { url: "/xero-integration/step-by-step" }],
    ["a language redirect", { url: "/pricing", headers: { cookie: "lang=de" } }],
    ["a 400", { url: "/%E0%A4%A" }],
    ["a 405", { method: "POST", url: "/" }],
    ["a 501", { method: "TRACE", url: "/" }],
    ["a HEAD", { method: "HEAD", url: "/" }],
    ["health", { url: "/healthz" }],
  ];

  test.each(requests)("are on %s", async (_name, options) => {
    const response = await app.inject(options);
    expect(response.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=()",
    });
    // SEC-6's fixed directives on every answer, whichever of the two policies it carries.
    const csp = response.headers["content-security-policy"];
    expect(csp).toMatch(/^default-src '(self|none)'/);
    for (const directive of SEC6_DIRECTIVES) expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("text responses declare charset=utf-8", async () => {
    for (const url of ["/", "/api/unknown", "/robots.txt", "/whatever", "/healthz"]) {
      expect((await get(url)).headers["content-type"]).toMatch(/; charset=utf-8$/);
    }
  });

  test("a page's CSP lists the hash of every inline script it contains", async () => {
    for (const url of ["/", "/pricing", "/de/pricing", "/fr/pricing"]) {
      const response = await get(url);
      const scripts = extractInlineScripts(response.body);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(response.headers["content-security-policy"]).toContain(cspHash(script));
      }
    }
  });

  test("a file only ever part of a page gets the policy that allows nothing", async () => {
    for (const url of [
      "/assets/entry.client-abc123.js",
      "/assets/global-def456.css",
      "/assets/inter-789.woff2",
      "/pricing.data",
      "/media/tour.mp4",
    ]) {
      expect((await get(url)).headers["content-security-policy"], url).toBe(SUBRESOURCE_CSP);
    }
    const partial = await app.inject({ url: "/media/tour.mp4", headers: { range: "bytes=0-1" } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-security-policy"]).toBe(SUBRESOURCE_CSP);
  });

  test("other answers that are not pages get the site's policy without hashes", async () => {
    // An SVG, the manifest or the API's JSON can be opened as a document of its own.
    for (const url of ["/api/unknown", "/favicon.svg", "/site.webmanifest"]) {
      expect((await get(url)).headers["content-security-policy"], url).toBe(buildCsp());
    }
  });

  test("over plain HTTP, even with HSTS=1: neither HSTS nor upgrade-insecure-requests", async () => {
    const hstsApp = await buildApp(configFor(fake.buildDir, { hsts: true }));
    for (const url of ["/", "/de/pricing", "/api/unknown", "/whatever"]) {
      for (const headers of [{ host: "127.0.0.1:3000" }, { host: "192.168.1.10:3000" }]) {
        const response = await hstsApp.inject({ url, headers });
        expect(response.headers["strict-transport-security"]).toBeUndefined();
        expect(response.headers["content-security-policy"]).not.toContain("upgrade-insecure");
      }
    }
    await hstsApp.close();
  });

  test("served over HTTPS: every answer upgrades insecure requests, HSTS when enabled", async () => {
    const hstsApp = await buildApp(
      configFor(fake.buildDir, { hsts: true, trustProxy: ["10.0.0.2"] }),
    );
    const viaProxy = { remoteAddress: "10.0.0.2", headers: { "x-forwarded-proto": "https" } };
    const publicHost = { headers: { host: new URL(ORIGIN).host } };
    for (const url of ["/", "/de/pricing", "/api/unknown", "/whatever", "/pricing/"]) {
      for (const how of [viaProxy, publicHost]) {
        const response = await hstsApp.inject({ url, ...how });
        expect(response.headers["strict-transport-security"]).toBe(
          "max-age=31536000; includeSubDomains",
        );
        expect(response.headers["content-security-policy"]).toMatch(
          /^default-src 'self';.*; upgrade-insecure-requests$/,
        );
      }
    }
    // A page keeps its own hashes, with the directive added once.
    const page = await hstsApp.inject({ url: "/pricing", ...publicHost });
    const plain = await hstsApp.inject({ url: "/pricing" });
    expect(page.headers["content-security-policy"]).toBe(
      `${plain.headers["content-security-policy"]}; upgrade-insecure-requests`,
    );
    // The same header from an address that is not a trusted proxy counts for nothing.
    const forged = await hstsApp.inject({ url: "/", ...viaProxy, remoteAddress: "10.0.0.3" });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
    expect(forged.headers["content-security-policy"]).not.toContain("upgrade-insecure");
    await hstsApp.close();
  });

  test("answers written straight to the socket carry them too", async () => {
    const response = await rawRequest(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers["content-security-policy"]).toBe(buildCsp());
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("hostile request targets on the wire", () => {
  test.each([
    "/..%2fserver/index.js",
    "/..%2f..%2fsecret.txt",
    "/%2e%2e/server/index.js",
    "/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/..%5cserver%5cindex.js",
    "/..%5c..%5csecret.txt",
    "/%252e%252e/server/index.js",
    "/%252e%252e%252fsecret.txt",
    "/%c0%af",
    "/..%c0%af..%c0%afsecret.txt",
    "/../server/index.js",
    "/../../secret.txt",
    "/assets/../../csp-hashes.json",
    "/..\\server\\index.js",
    "/..\\..\\secret.txt",
    "/%00",
    "/index.html%00.js",
    "/%",
    "/%E0%A4%A",
    "/%%32%65",
    `/${"a".repeat(5000)}`,
    `/${"%2e".repeat(2000)}`,
    "/leak.txt",
    "/.env",
  ])("%s gets 400 or the 404 page, never a file", async (target) => {
    const response = await rawGet(port, target);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toMatch(/secret|leak|server bundle/i);
    if (response.status === 404) expect(response.body).toContain("Not found EN");
    if (response.status === 400) expect(response.body).toBe('{"error":"Bad Request"}');
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  test("a literal NUL in the request line is rejected by the parser", async () => {
    const response = await rawGet(port, "/index.html\u0000.js");
    expect(response.status).toBe(400);
    expect(response.body).toBe('{"error":"Bad Request"}');
  });

  test.each([
    "//evil.example",
    "//evil.example/",
    "///evil.example/",
    "/%2F%2Fevil.example/",
    "/%2fevil.example/",
    "/\\evil.example/",
    "/%5Cevil.example/",
    "/%5C%5Cevil.example/",
    "/pricing/%2F%2Fevil.example/",
    "http://evil.example/pricing/",
  ])("%s never redirects off-site", async (target) => {
    const response = await rawGet(port, target);
    expect(response.status).not.toBe(500);
    const location = response.headers.location;
    if (location !== undefined) expect(location).toMatch(/^\/(?![/\\])/);
  });

  test("a foreign Host header does not leak into the trailing-slash redirect", async () => {
    const response = await rawRequest(
      port,
      "GET /pricing/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/pricing");
  });
});

describe("startup", () => {
  test("refuses to start without the prerendered home page", async () => {
    const empty = await createFakeBuild();
    await rm(path.join(empty.buildDir, "client/index.html"));
    await expect(buildApp(configFor(empty.buildDir))).rejects.toThrow(StartupError);
    await expect(buildApp(configFor(empty.buildDir))).rejects.toThrow(/index\.html.*npm run build/);
    await empty.cleanup();
  });

  test("refuses to start without csp-hashes.json", async () => {
    const noManifest = await createFakeBuild();
    await expect(buildApp(configFor(noManifest.buildDir))).rejects.toThrow(/csp-hashes\.json/);
    await noManifest.cleanup();
  });

  test("refuses a CSP manifest with anything but sha256 sources", async () => {
    const tampered = await createFakeBuild();
    await writeFile(
      path.join(tampered.buildDir, "csp-hashes.json"),
      JSON.stringify({ "/": ["'unsafe-inline'"] }),
    );
    await expect(buildApp(configFor(tampered.buildDir))).rejects.toThrow(/sha256/);
    await tampered.cleanup();
  });

  test("refuses to start without the build's site-config.json, or with an unknown vendor", async () => {
    const build = await createFakeBuild();
    await runPostbuild(build.buildDir, ORIGIN);
    const file = path.join(build.buildDir, "site-config.json");
    await writeFile(file, JSON.stringify({ vendors: ["vimeo", "adserver"] }));
    await expect(buildApp(configFor(build.buildDir))).rejects.toThrow(/site-config\.json.*vendors/);
    await rm(file);
    await expect(buildApp(configFor(build.buildDir))).rejects.toThrow(/site-config\.json/);
    await build.cleanup();
  });

  test("says at every start what the build was not configured with", async () => {
    const build = await createFakeBuild();
    await runPostbuild(build.buildDir, ORIGIN);
    const unset = ["TAG_MANAGER_ID is not set: no tag manager container is loaded"];
    const file = path.join(build.buildDir, "site-config.json");
    await writeFile(file, JSON.stringify({ vendors: [], unset }));
    try {
      expect((await loadStaticIndex(build.buildDir)).warnings).toContain(
        `site configuration: ${unset[0]}`,
      );
      await writeFile(file, JSON.stringify({ vendors: [], unset: "TAG_MANAGER_ID" }));
      await expect(loadStaticIndex(build.buildDir)).rejects.toThrow(/unset/);
    } finally {
      await build.cleanup();
    }
  });

  test("a build with its tags off allows no third-party origin in any CSP", async () => {
    const build = await createFakeBuild();
    await runPostbuild(build.buildDir, ORIGIN);
    await writeFile(path.join(build.buildDir, "site-config.json"), JSON.stringify({ vendors: [] }));
    const bare = await buildApp(configFor(build.buildDir));
    try {
      for (const url of ["/", "/pricing", "/no-such-page", "/assets/app-abc123.js"]) {
        const csp = (await bare.inject({ method: "GET", url })).headers["content-security-policy"];
        expect(csp, url).toMatch(/^default-src 'self'/);
        expect(csp, url).not.toContain("https:");
      }
    } finally {
      await bare.close();
      await build.cleanup();
    }
  });
});
