/** A hidden page draws no frame; its work still runs, a moment later. */
const HIDDEN_PAGE_FALLBACK_MS = 1000;

/** True while work scheduled by afterNextPaint runs: the paint it waited for is drawn. */
let isAfterPaint = false;

/**
 * Runs once the next frame has been drawn, so that work the visitor does not need to see at
 * once never delays the paint that answers a tap (issue 50): consent-gated services after the
 * first paint or a choice's, a field's check after the tap that moved on to the next field.
 * Work scheduled from work that already waited runs at once rather than a frame later.
 */
export function afterNextPaint(run: () => void): void {
  if (isAfterPaint) {
    run();
    return;
  }
  let hasRun = false;
  const once = () => {
    if (hasRun) return;
    hasRun = true;
    isAfterPaint = true;
    try {
      run();
    } finally {
      isAfterPaint = false;
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, HIDDEN_PAGE_FALLBACK_MS);
}
