import { READING_LINE_RATIO, SCROLL_VISIBILITY_THROTTLE_MS } from "../lib/landing/constants.ts";
import { addressForSection, sectionAtReadingLine } from "../lib/landing/section-hash.ts";

/**
 * SPEC §2: while the visitor scrolls, writes the id of the section under the reading line
 * into the address (replacing the entry, so Back still leaves the page), checked at most
 * every 250 ms (SPEC §9). Returns the function that stops watching.
 */
export function watchSectionHash(
  ids: readonly string[],
  throttleMs = SCROLL_VISIBILITY_THROTTLE_MS,
): () => void {
  let timer = 0;
  let lastRun = 0;

  const update = () => {
    timer = 0;
    lastRun = performance.now();
    const boxes = ids.flatMap((id) => {
      const element = document.getElementById(id);
      if (!element) return [];
      const { top, bottom } = element.getBoundingClientRect();
      return [{ id, top, bottom }];
    });
    const current = sectionAtReadingLine(boxes, window.innerHeight * READING_LINE_RATIO);
    const next = addressForSection(window.location, current);
    if (next) window.history.replaceState(window.history.state, "", next);
  };

  const handleScroll = () => {
    if (timer) return;
    const wait = Math.max(0, throttleMs - (performance.now() - lastRun));
    timer = window.setTimeout(update, wait);
  };

  window.addEventListener("scroll", handleScroll, { passive: true });
  // The page may already be scrolled when hydration finishes (a reload mid-page, or a scroll
  // while the bundle was still loading), so check once without waiting for the next scroll.
  handleScroll();
  return () => {
    window.removeEventListener("scroll", handleScroll);
    window.clearTimeout(timer);
  };
}
