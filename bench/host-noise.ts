/** WEB-3's blocking-time target (docs/requirements.md). */
export const TBT_TARGET_MS = 50;

/**
 * A note for the results when the host alone breaks WEB-3's blocking-time target. The
 * static reference runs no JavaScript, so the Total Blocking Time Lighthouse gives it is the
 * host's: the browser's own parsing, layout and paint, stretched by whatever else the shared
 * host ran, then multiplied by the slowdown. When that alone is over the target, the run
 * cannot tell whether a page meets it; null when the reference is within it.
 */
export function hostNoiseNote(referenceTbtMs: number | null): string | null {
  if (referenceTbtMs === null || referenceTbtMs <= TBT_TARGET_MS) return null;
  return `The static reference, which runs no JavaScript, measured TBT ${referenceTbtMs} ms in this run, over the ${TBT_TARGET_MS} ms target on its own: the host's noise outweighs it, so Lighthouse's TBT cannot show whether a page meets it. Read it against the reference's (TBT ÷ reference); the target is read on the blocking from the main thread's CPU time.`;
}
