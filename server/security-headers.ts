import type { ServerResponse } from "node:http";
import type { ServerConfig } from "./config.ts";
import { buildCsp } from "./csp.ts";

export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/**
 * Headers every response carries (SEC-6), keyed in lower case. The CSP here has no script
 * hashes; HTML responses replace it with their page's policy. `cache-control: no-store` is
 * the default for anything that does not choose its own policy (API, errors).
 */
export function baseResponseHeaders(config: Pick<ServerConfig, "hsts">): Record<string, string> {
  return {
    "content-security-policy": buildCsp(),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    "cache-control": "no-store",
    ...(config.hsts ? { "strict-transport-security": HSTS_VALUE } : {}),
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
