import { LINK_SCROLL_DELAY_MS, SCROLL_DURATION_MS, scrollPositionAt } from "../lib/scroll.ts";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

let activeAnimation = 0;

/**
 * Scrolls the window so the element is at the top (minus its `scroll-margin-top`), animated
 * over `durationMs` with ease-in-out, or instantly when the visitor prefers reduced motion.
 * Focus moves to the target so keyboard and screen-reader users land where they asked to go.
 */
function scrollToElement(element: HTMLElement, durationMs = SCROLL_DURATION_MS): void {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const to = Math.max(0, element.getBoundingClientRect().top + window.scrollY - margin);
  const from = window.scrollY;
  const finish = () => {
    if (!element.hasAttribute("tabindex") && !isFocusable(element)) {
      element.setAttribute("tabindex", "-1");
    }
    element.focus({ preventScroll: true });
  };
  cancelAnimationFrame(activeAnimation);
  if (prefersReducedMotion() || durationMs <= 0 || Math.abs(to - from) < 1) {
    window.scrollTo(0, to);
    finish();
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, to, elapsed, durationMs));
    if (elapsed < durationMs) activeAnimation = requestAnimationFrame(step);
    else finish();
  };
  activeAnimation = requestAnimationFrame(step);
}

function isFocusable(element: HTMLElement): boolean {
  return element.matches("a[href], button, input, select, textarea, [tabindex]");
}

/**
 * SPEC §2: a `#` link scrolls to its element after 300 ms. The element may be rendered by a
 * page that is still loading, so it is looked up for a short while before giving up.
 */
export function scrollToIdAfterDelay(id: string, delayMs = LINK_SCROLL_DELAY_MS): void {
  const deadline = performance.now() + 3000;
  const attempt = () => {
    const element = document.getElementById(id);
    if (element) scrollToElement(element);
    else if (performance.now() < deadline) window.setTimeout(attempt, 100);
  };
  window.setTimeout(attempt, delayMs);
}
