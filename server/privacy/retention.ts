import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_RETENTION_DAYS } from "../../app/lib/build-config.ts";
import { StartupError } from "../startup-error.ts";

/**
 * The retention period the server keeps to: the build's (`site-config.json`), which is the
 * number the prerendered privacy policy publishes. RETENTION_DAYS in the server's own
 * environment may only repeat it: a different value would make the system keep data for
 * another time than the policy says, so the server refuses to start. The period must also
 * cover the per-recipient limit's look-back, or the purge would shorten that limit.
 */
export function resolveRetentionDays(options: {
  fromEnv: number | null;
  fromBuild: number;
  recipientDays: number;
}): number {
  const { fromEnv, fromBuild, recipientDays } = options;
  if (fromEnv !== null && fromEnv !== fromBuild) {
    throw new StartupError(
      `RETENTION_DAYS is ${fromEnv} here, but the build's privacy policy says ${fromBuild} days: build again with RETENTION_DAYS=${fromEnv} (the number is part of the published policy), or leave it unset where the server runs`,
    );
  }
  if (fromBuild < recipientDays) {
    throw new StartupError(
      `RETENTION_DAYS (${fromBuild}) must be at least REFERRAL_RECIPIENT_DAYS (${recipientDays}): the per-recipient limit looks back that far`,
    );
  }
  return fromBuild;
}

/**
 * The retention period a build published, from its `site-config.json`. A build made before
 * the setting existed published "two years" (DEFAULT_RETENTION_DAYS); a missing or
 * unreadable file gives null (the caller decides).
 */
export async function buildRetentionDays(buildDir: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(path.join(buildDir, "site-config.json"), "utf8");
  } catch {
    return null;
  }
  return parseRetentionDays(JSON.parse(text) as unknown);
}

/** `config.retentionDays` of a parsed `site-config.json`; the default when absent. */
export function parseRetentionDays(siteConfig: unknown): number {
  const config = (siteConfig as { config?: { retentionDays?: unknown } } | null)?.config;
  const days = config?.retentionDays;
  if (days === undefined) return DEFAULT_RETENTION_DAYS;
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 1) {
    throw new StartupError("site-config.json: config.retentionDays must be a positive integer");
  }
  return days;
}
