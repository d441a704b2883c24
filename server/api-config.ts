import path from "node:path";
import { isEmailAddress } from "../app/lib/forms/rules.ts";
import { SITE } from "../app/lib/site-config.ts";
import { StartupError } from "./startup-error.ts";

/** SEC-3 limits; every figure can be changed by an environment variable. */
export interface ApiLimits {
  /** Posts per client IP and endpoint in the short window (RATE_LIMIT_PER_10_MIN). */
  perTenMinutes: number;
  /** Posts per client IP and endpoint in 24 hours (RATE_LIMIT_PER_DAY). */
  perDay: number;
  /** Client keys the limiter remembers before evicting the oldest (RATE_LIMIT_MAX_CLIENTS). */
  maxClients: number;
  /** Days during which one friend receives at most one referral email (REFERRAL_RECIPIENT_DAYS). */
  recipientDays: number;
  /** Referral emails sent per hour before the outbox holds the rest (REFERRAL_MAIL_PER_HOUR). */
  referralMailPerHour: number;
  /** An identical resubmission within this is acknowledged but not stored again (DUPLICATE_WINDOW_S). */
  duplicateWindowS: number;
  /** Speed reports per client IP in the short window (VITALS_RATE_LIMIT_PER_10_MIN). */
  vitalsPerTenMinutes: number;
  /** Speed reports per client IP in 24 hours (VITALS_RATE_LIMIT_PER_DAY). */
  vitalsPerDay: number;
}

/** Outbox retry schedules: the production one of REL-3, or a fast one for tests. */
const RETRY_SCHEDULES = ["production", "fast"] as const;
export type RetryScheduleName = (typeof RETRY_SCHEDULES)[number];

/** Everything the form API reads from the environment. */
export interface ApiConfig {
  /** Where the SQLite file and the `.eml` fallback live (DATA_DIR, default `data`). */
  dataDir: string;
  /** PostgreSQL connection string; SQLite under `dataDir` when absent (DATABASE_URL). */
  databaseUrl: string | null;
  /** SMTP server, e.g. `smtp://user:pass@mail.example:587`; `.eml` files when absent (SMTP_URL). */
  smtpUrl: string | null;
  /** The company address every email comes from (MAIL_FROM). */
  mailFrom: string;
  /** Fixed team address that receives partner requests (PARTNER_NOTIFY_TO). */
  partnerNotifyTo: string;
  /** Origins besides the request's own host whose posts are same-site (PUBLIC_ORIGIN). */
  publicOrigin: string;
  limits: ApiLimits;
  retrySchedule: RetryScheduleName;
  /**
   * This instance's slot in a deployment of several (INSTANCE_ID, e.g. `api-1`), stable
   * across its restarts and unique among running instances; null gives each process a
   * random one. With it, a restarted instance takes back its predecessor's leases at once.
   */
  instanceId: string | null;
  /**
   * RETENTION_DAYS as this process was given it, or null when unset. The build's value
   * (what the published privacy policy says) decides; a different one here is refused at
   * start (`resolveRetentionDays`).
   */
  retentionDays: number | null;
  /**
   * RECIPIENT_KEY_SECRET: the deployment's key for the hashes of email addresses. Required
   * with DATABASE_URL; on SQLite it is generated and kept in DATA_DIR when unset.
   */
  recipientKeySecret: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the form API configuration. DATA_DIR is resolved against `cwd`. Throws StartupError
 * on an invalid value, so a typo stops the server instead of silently loosening a limit.
 */
export function loadApiConfig(env: Env = process.env, cwd: string = process.cwd()): ApiConfig {
  return {
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || "data"),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseAddress("MAIL_FROM", env.MAIL_FROM, SITE.supportEmail),
    partnerNotifyTo: parseAddress(
      "PARTNER_NOTIFY_TO",
      env.PARTNER_NOTIFY_TO,
      "partners@beyondbudget.app",
    ),
    publicOrigin: parseOrigin(env.PUBLIC_ORIGIN),
    limits: {
      perTenMinutes: positiveInt(env, "RATE_LIMIT_PER_10_MIN", 5),
      perDay: positiveInt(env, "RATE_LIMIT_PER_DAY", 20),
      maxClients: positiveInt(env, "RATE_LIMIT_MAX_CLIENTS", 50_000),
      recipientDays: positiveInt(env, "REFERRAL_RECIPIENT_DAYS", 30),
      referralMailPerHour: positiveInt(env, "REFERRAL_MAIL_PER_HOUR", 200),
      duplicateWindowS: positiveInt(env, "DUPLICATE_WINDOW_S", 600),
      // One report per page view: a visitor reading a page a minute sends 10 in ten minutes.
      vitalsPerTenMinutes: positiveInt(env, "VITALS_RATE_LIMIT_PER_10_MIN", 60),
      vitalsPerDay: positiveInt(env, "VITALS_RATE_LIMIT_PER_DAY", 300),
    },
    retrySchedule: parseSchedule(env.OUTBOX_RETRY_SCHEDULE),
    instanceId: parseInstanceId(env.INSTANCE_ID),
    retentionDays: env.RETENTION_DAYS?.trim() ? positiveInt(env, "RETENTION_DAYS", 0) : null,
    recipientKeySecret: env.RECIPIENT_KEY_SECRET?.trim() || null,
  };
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new StartupError(`${name} must be a positive integer, got "${value}"`);
  }
  return number;
}

/** A bare address (validated like the form's) so nothing user-like reaches the mail headers. */
function parseAddress(name: string, value: string | undefined, fallback: string): string {
  const address = value?.trim() || fallback;
  if (!isEmailAddress(address)) {
    throw new StartupError(`${name} must be a bare email address like team@example.com`);
  }
  return address;
}

function parseSmtpUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  let protocol = "";
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below without echoing the value: it may hold a password
  }
  if (protocol !== "smtp:" && protocol !== "smtps:") {
    throw new StartupError("SMTP_URL must be an smtp:// or smtps:// URL");
  }
  return url;
}

function parseOrigin(value: string | undefined): string {
  const origin = value?.trim() || SITE.origin;
  try {
    const url = new URL(origin);
    if (url.origin === origin) return origin;
  } catch {
    // fall through
  }
  throw new StartupError(
    `PUBLIC_ORIGIN must be an origin like https://www.example.com, got "${origin}"`,
  );
}

function parseInstanceId(value: string | undefined): string | null {
  const id = value?.trim();
  if (!id) return null;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) {
    throw new StartupError("INSTANCE_ID must be 1-64 letters, digits, dots, dashes or underscores");
  }
  return id;
}

function parseSchedule(value: string | undefined): RetryScheduleName {
  const name = value?.trim() || "production";
  if (!(RETRY_SCHEDULES as readonly string[]).includes(name)) {
    throw new StartupError(`OUTBOX_RETRY_SCHEDULE must be one of ${RETRY_SCHEDULES.join(", ")}`);
  }
  return name as RetryScheduleName;
}
