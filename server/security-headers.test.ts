import { expect, test } from "vitest";
import { buildCsp } from "./csp.ts";
import { HSTS_VALUE, securityHeaders } from "./security-headers.ts";

const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

test("over plain HTTP: no upgrade-insecure-requests and no HSTS, even with HSTS=1", () => {
  for (const hsts of [false, true]) {
    const headers = securityHeaders({ isHttps: false, hsts });
    expect(headers["content-security-policy"]).toBe(buildCsp());
    expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(headers).not.toHaveProperty("strict-transport-security");
  }
});

test("over HTTPS: the policy upgrades insecure requests; HSTS only when enabled", () => {
  const withoutHsts = securityHeaders({ isHttps: true, hsts: false });
  expect(withoutHsts["content-security-policy"]).toMatch(/; upgrade-insecure-requests$/);
  expect(withoutHsts).not.toHaveProperty("strict-transport-security");
  expect(securityHeaders({ isHttps: true, hsts: true })["strict-transport-security"]).toBe(
    HSTS_VALUE,
  );
});

test("a page's hashes go into its policy; the other headers do not depend on them", () => {
  const page = securityHeaders({ isHttps: true, hsts: true, scriptHashes: [HASH] });
  const base = securityHeaders({ isHttps: true, hsts: true });
  expect(page["content-security-policy"]).toBe(buildCsp([HASH], { isHttps: true }));
  expect({ ...page, "content-security-policy": "" }).toEqual({
    ...base,
    "content-security-policy": "",
  });
  expect(base).toMatchObject({
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
  });
});
