import { expect, test } from "vitest";
import { enabledVendors, readBuildConfig } from "../app/lib/build-config.ts";
import {
  buildCsp,
  CSP_HASH_PATTERN,
  CSP_THIRD_PARTY,
  cspForTransport,
  thirdPartyFor,
} from "./csp.ts";

const HASH_A = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
const HASH_B = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

test("the policy without hashes is exactly the site's baseline", () => {
  expect(buildCsp()).toBe(
    "default-src 'self'; " +
      "script-src 'self' https://www.googletagmanager.com https://snap.licdn.com https://embed.tawk.to; " +
      "style-src 'self' https://embed.tawk.to; style-src-attr 'unsafe-inline'; " +
      "img-src 'self' data: https://i.vimeocdn.com https://www.googletagmanager.com " +
      "https://px.ads.linkedin.com https://*.tawk.to https://tawk.link; " +
      "connect-src 'self' https://vimeo.com https://player.vimeo.com https://api.eu.amplitude.com " +
      "https://www.googletagmanager.com https://*.google-analytics.com " +
      "https://*.analytics.google.com https://px.ads.linkedin.com https://*.tawk.to wss://*.tawk.to; " +
      "frame-src https://player.vimeo.com https://*.tawk.to; font-src 'self' https://embed.tawk.to; " +
      "media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
      "frame-ancestors 'none'",
  );
});

test("only a policy for HTTPS upgrades insecure requests, as its last directive", () => {
  expect(buildCsp()).not.toContain("upgrade-insecure-requests");
  expect(buildCsp([], { isHttps: false })).toBe(buildCsp());
  expect(buildCsp([HASH_A], { isHttps: true })).toBe(
    `${buildCsp([HASH_A])}; upgrade-insecure-requests`,
  );
});

test("cspForTransport upgrades a neutral policy for HTTPS only, and only once", () => {
  const neutral = buildCsp([HASH_A]);
  const https = buildCsp([HASH_A], { isHttps: true });
  expect(cspForTransport(neutral, { isHttps: false })).toBe(neutral);
  expect(cspForTransport(neutral, { isHttps: true })).toBe(https);
  expect(cspForTransport(https, { isHttps: true })).toBe(https);
});

test("a page's inline-script hashes go into script-src, once each", () => {
  const policy = buildCsp([HASH_A, HASH_B, HASH_A]);
  expect(policy).toContain(`; script-src 'self' ${HASH_A} ${HASH_B} https://`);
  expect(policy.match(/'sha256-/g)).toHaveLength(2);
});

test("script-src never allows inline code, eval or whole schemes", () => {
  const scriptSrc = buildCsp([HASH_A])
    .split("; ")
    .find((part) => part.startsWith("script-src "));
  for (const forbidden of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "*",
    "http:",
    "https:",
    "data:",
    "blob:",
  ]) {
    expect(scriptSrc?.split(" ")).not.toContain(forbidden);
  }
});

test("a vendor's origins land in the directives it names, in the fixed order", () => {
  const policy = buildCsp([], {
    thirdParty: {
      analytics: { "script-src": ["https://cdn.example"], "connect-src": ["https://api.example"] },
      chat: { "frame-src": ["https://chat.example"] },
    },
  });
  expect(policy).toContain("script-src 'self' https://cdn.example; style-src");
  expect(policy).toContain(
    "connect-src 'self' https://api.example; frame-src https://chat.example;",
  );
  expect(policy).not.toContain("vimeo");
});

test.each([
  [HASH_A, true],
  ["'sha256-abc='", false],
  ["sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", false],
  ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; script-src *", false],
])("CSP_HASH_PATTERN accepts only a single quoted sha256 source: %s", (value, expected) => {
  expect(CSP_HASH_PATTERN.test(value)).toBe(expected);
});

test("each vendor a build can turn on has its origins here, and a vendor that is off has none", () => {
  const all = readBuildConfig({
    ANALYTICS_KEY_LIVE: "1".repeat(32),
    TAG_MANAGER_ID: "GTM-TEST000",
    LINKEDIN_PARTNER_ID: "1",
    CHAT_PROPERTY_ID: "0".repeat(24),
    VIDEO_TOUR_ID: "1",
  }).config;
  expect(enabledVendors(all).sort()).toEqual(Object.keys(CSP_THIRD_PARTY).sort());
  const onlyVideos = buildCsp([], { thirdParty: thirdPartyFor(["vimeo"]) });
  expect(onlyVideos).toContain("https://player.vimeo.com");
  for (const origin of ["googletagmanager", "licdn", "tawk.to", "amplitude"]) {
    expect(onlyVideos).not.toContain(origin);
  }
  expect(buildCsp([], { thirdParty: thirdPartyFor([]) })).not.toContain("https:");
});
