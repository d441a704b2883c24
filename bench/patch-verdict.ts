/**
 * What a patch of another project's code buys, by the rule of decision record 28: the
 * verdict column of `bench/patches-results.md`.
 */

/**
 * The thresholds of decision record 28: what a patch must buy to stay. The largest paint is
 * what `defer-hydration` exists for (decision record 7); 100 ms is twice the spread of the
 * paired differences of patches that cannot move it (+36 to +50 ms, 2026-12-04). The app's
 * start after the first paint is what `router-before-renderer` exists for (decision record
 * 22), a target of its own (WEB-2, docs/requirements.md); 160 ms is twice the largest paired
 * difference of patches that cannot move it (−32 to −81 ms, 2026-12-04).
 */
export const KEEP_IF = { cpuMs: 10, bytes: 3000, largestPaintMs: 100, appStartMs: 160 } as const;

/** A build without the patch against the build with all of them, as measured differences. */
export interface PatchDifference {
  /** Main-thread CPU time after the first paint: the paired differences' median and quartiles. */
  cpuMs: { median: number; q1: number; q3: number };
  /** First-load JavaScript, gzip, the largest difference among the pages. */
  firstLoadBytes: number;
  /** The analytics chunk, gzip. */
  analyticsBytes: number;
  tapsLostWithout: number;
  tapsLostWithAll: number;
  /** The largest paint: the paired differences' median (later without the patch is positive). */
  largestPaintMs: number;
  /** First paint to the app's start: the paired differences' median (later without is positive). */
  appStartMs: number;
}

/** What the patch buys, each named as the results table names it; empty when nothing. */
export function patchBuys(difference: PatchDifference): string[] {
  const { cpuMs, firstLoadBytes, analyticsBytes, tapsLostWithout, tapsLostWithAll } = difference;
  const buys: string[] = [];
  if (cpuMs.median >= KEEP_IF.cpuMs)
    buys.push(`CPU${cpuMs.q1 < KEEP_IF.cpuMs ? " (on the edge)" : ""}`);
  else if (cpuMs.q3 >= KEEP_IF.cpuMs) buys.push("CPU on the edge");
  if (firstLoadBytes >= KEEP_IF.bytes || analyticsBytes >= KEEP_IF.bytes) buys.push("bytes");
  if (tapsLostWithout > tapsLostWithAll) buys.push("taps");
  if (difference.largestPaintMs >= KEEP_IF.largestPaintMs) buys.push("the largest paint");
  if (difference.appStartMs >= KEEP_IF.appStartMs) buys.push("the app's start");
  return buys;
}
