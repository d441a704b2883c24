import { isIP } from "node:net";
import path from "node:path";
import { type ApiConfig, loadApiConfig } from "./api-config.ts";
import { isPrivateAddress } from "./metrics.ts";
import { StartupError } from "./startup-error.ts";

/** Pino levels accepted by `LOG_LEVEL`; `silent` turns logging off (tests). */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server reads from the environment, validated once at startup. */
export interface ServerConfig {
  /** Interface to listen on; loopback by default (SEC-7: the proxy terminates TLS). */
  host: string;
  /** TCP port, 0 picks a free one. */
  port: number;
  /** Absolute path of the build output holding `client/` and `csp-hashes.json`. */
  buildDir: string;
  /**
   * Send `Strict-Transport-Security` on answers served over HTTPS (never over plain HTTP); only
   * once every subdomain serves HTTPS, SEC-7.
   */
  hsts: boolean;
  /** Proxy addresses or CIDR ranges whose `X-Forwarded-For` is trusted; empty trusts none. */
  trustProxy: readonly string[];
  logLevel: LogLevel;
  /**
   * The Prometheus listener (METRICS_PORT, METRICS_HOST default 127.0.0.1), separate from
   * the public port and only on loopback or a private address; null when METRICS_PORT is unset.
   */
  metrics?: { host: string; port: number } | null;
  /** The form API (storage, mail, limits); absent in tests that serve only pages. */
  api?: ApiConfig;
}

/**
 * Reads the server configuration from environment variables.
 * HOST (default 127.0.0.1), PORT (default 3000, 0-65535), BUILD_DIR (default `build`, resolved
 * against `cwd`), HSTS (`1` enables), TRUST_PROXY (comma-separated IPs or CIDRs, default none),
 * LOG_LEVEL (default info), plus the form API's variables (see `loadApiConfig`). Throws
 * StartupError on an invalid value.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): ServerConfig {
  return {
    host: env.HOST?.trim() || "127.0.0.1",
    port: parsePort(env.PORT),
    buildDir: buildDirOf(env, cwd),
    hsts: env.HSTS === "1",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    metrics: parseMetrics(env),
    api: loadApiConfig(env, cwd),
  };
}

/** BUILD_DIR (default `build`) resolved against `cwd`. */
export function buildDirOf(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): string {
  return path.resolve(cwd, env.BUILD_DIR?.trim() || "build");
}

function parseMetrics(env: Readonly<Record<string, string | undefined>>) {
  const value = env.METRICS_PORT?.trim();
  if (!value) return null;
  const port = parsePort(value, "METRICS_PORT");
  if (port === parsePort(env.PORT)) {
    throw new StartupError(
      "METRICS_PORT must differ from PORT: metrics never share the public port",
    );
  }
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";
  if (!isPrivateAddress(host)) {
    throw new StartupError(
      `METRICS_HOST must be a loopback or private address (127.0.0.1, 10.x, 172.16-31.x, 192.168.x, ::1, fc00::/7), got "${host}"`,
    );
  }
  return { host, port };
}

function parsePort(value: string | undefined, name = "PORT"): number {
  if (value === undefined || value.trim() === "") return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`${name} must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** Only explicit addresses: `true` or `*` would let any client forge its IP (SEC-3). */
function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    if (!isAddressOrCidr(entry)) {
      throw new StartupError(
        `TRUST_PROXY entries must be IP addresses or CIDR ranges, got "${entry}"`,
      );
    }
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function parseLogLevel(value: string | undefined): LogLevel {
  const level = value?.trim() || "info";
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${level}"`);
  }
  return level as LogLevel;
}
