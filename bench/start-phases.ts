/**
 * Where a page's start goes, between its first paint and the started app (issue 13's gap):
 * waiting until the scripts are asked for (the boot script waits for the load event and the
 * first paint, decision record 7), downloading them, and what the main thread does after
 * their last byte (evaluating React and React Router, then hydrating until the router
 * exists). The three add up to the gap.
 */

/** A script's resource timing, in ms from navigation. */
export interface ScriptTiming {
  startTime: number;
  responseEnd: number;
}

export interface StartPhases {
  waitingMs: number;
  downloadingMs: number;
  afterLastByteMs: number;
}

/**
 * The phases of one load from the timings of the scripts the page starts with (the boot
 * script's list: the later parts' chunks, which the start itself asks for, are not among
 * them); null when the app never started or none of those scripts was fetched.
 */
export function startPhases(
  firstPaintMs: number,
  startedMs: number | null,
  firstLoadScripts: readonly ScriptTiming[],
): StartPhases | null {
  if (startedMs === null || firstLoadScripts.length === 0) return null;
  const asked = Math.min(...firstLoadScripts.map((script) => script.startTime));
  const lastByte = Math.max(...firstLoadScripts.map((script) => script.responseEnd));
  return {
    waitingMs: Math.round(asked - firstPaintMs),
    downloadingMs: Math.round(lastByte - asked),
    afterLastByteMs: Math.round(startedMs - lastByte),
  };
}
