/** SPEC §9 timings for in-page links. */
export const LINK_SCROLL_DELAY_MS = 300;
export const SCROLL_DURATION_MS = 1000;

/** Ease-in-out (cubic) over t in [0, 1]; values outside are clamped. */
export function easeInOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Scroll position `elapsedMs` into an animation from `from` to `to` lasting `durationMs`. */
export function scrollPositionAt(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs: number,
): number {
  if (durationMs <= 0) return to;
  return from + (to - from) * easeInOut(elapsedMs / durationMs);
}
