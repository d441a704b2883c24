import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BuildConfig } from "../app/lib/build-config.ts";

/** Looks like a tag-manager container id wherever it appears. */
const CONTAINER_ID = /GTM-[A-Z0-9]{4,12}/g;

/**
 * Every identifier a build configuration holds (keys, tag ids, chat property, video ids, the
 * partner tracking id).
 */
export function configuredIds(config: BuildConfig): Set<string> {
  const ids = [
    config.analytics.live,
    config.analytics.testing,
    config.tagManagerId,
    config.linkedInPartnerId,
    config.chat?.propertyId,
    config.videos.productTour?.id,
    config.videos.xeroWalkthrough?.id,
    config.xeroPartnerTrackingId,
  ];
  return new Set(ids.filter((id): id is string => id !== undefined));
}

/**
 * Identifiers in the built HTML and JavaScript that the build was not configured with:
 * any tag-manager container id, and any of `knownIds` (the test build's fake ids), so a
 * production build cannot carry an id that is not the deployment's. Returns
 * `file: id` lines, empty when clean.
 */
export async function findUnconfiguredIds(
  clientDir: string,
  config: BuildConfig,
  knownIds: readonly string[],
): Promise<string[]> {
  const allowed = configuredIds(config);
  const watched = knownIds.filter((id) => !allowed.has(id));
  const files = (await readdir(clientDir, { recursive: true })).filter((name) =>
    /\.(html|js)$/.test(name),
  );
  const found: string[] = [];
  for (const file of files.sort()) {
    const text = await readFile(path.join(clientDir, file), "utf8");
    const ids = new Set([
      ...[...text.matchAll(CONTAINER_ID)].map((match) => match[0]),
      ...watched.filter((id) => new RegExp(`(?<![0-9A-Za-z])${id}(?![0-9A-Za-z])`).test(text)),
    ]);
    for (const id of ids) if (!allowed.has(id)) found.push(`${file}: ${id}`);
  }
  return found;
}
