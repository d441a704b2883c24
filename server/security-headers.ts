import type { ServerResponse } from "node:http";
import { buildCsp, type CspOptions } from "./csp.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

export interface SecurityHeaderOptions {
  /**
   * The response goes out over HTTPS (decided per request by `createHttpsRule`, or known by
   * the web server that serves this configuration). Over plain HTTP the headers carry neither
   * `upgrade-insecure-requests` nor HSTS.
   */
  isHttps: boolean;
  /** HSTS is enabled (HSTS=1: only once every subdomain serves HTTPS, SEC-7). */
  hsts: boolean;
  /** The page's inline-script hashes (`csp-hashes.json`); none for non-HTML responses. */
  scriptHashes?: readonly string[];
  /** Third-party origins by vendor: those the build turned on; all of them by default. */
  thirdParty?: CspOptions["thirdParty"];
}

/**
 * The security headers of one response (SEC-6, SEC-7), keyed in lower case: the one source
 * for the Node server and for any generated web-server configuration. Without hashes the CSP
 * is the baseline that non-HTML answers carry; pages send their own hashes.
 * `cache-control: no-store` is the default for anything that does not choose its own policy
 * (API, errors).
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const { isHttps, hsts, scriptHashes = [], thirdParty } = options;
  return {
    "content-security-policy": buildCsp(scriptHashes, { isHttps, thirdParty }),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cache-control": "no-store",
    ...(isHttps && hsts ? { "strict-transport-security": HSTS_VALUE } : {}),
  };
}

/** Writes the headers on a raw Node response, for answers Fastify sends before any hook. */
export function setRawHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>) {
  for (const name in headers) res.setHeader(name, headers[name] as string);
}

/** The same headers as a raw HTTP/1.1 header block, for answers written to the socket. */
export function rawHeaderLines(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
}
