import { LINK_SCROLL_DELAY_MS, SCROLL_DURATION_MS, scrollPositionAt } from "../lib/scroll.ts";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * What a visitor does to scroll or to act on the page themselves. While a link's scroll is
 * pending or running, each frame of it sets the scroll position, so without this a visitor
 * who wheels, swipes, presses a key or taps in that second would be pulled back to where it
 * is going, and a tap would land on whatever the page had moved under the finger by then.
 */
const VISITOR_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

/** The link scroll under way, if any: its timer or animation frame, and its listeners. */
let active: { timer: number; frame: number; stop: () => void } | undefined;

/** Ends the scroll under way where it is (the visitor's input, or a newer link's scroll). */
function stopActiveScroll(): void {
  active?.stop();
}

function startScroll(): NonNullable<typeof active> {
  stopActiveScroll();
  const scroll = {
    timer: 0,
    frame: 0,
    stop: () => {
      window.clearTimeout(scroll.timer);
      cancelAnimationFrame(scroll.frame);
      for (const type of VISITOR_INPUT) window.removeEventListener(type, stopActiveScroll, true);
      if (active === scroll) active = undefined;
    },
  };
  for (const type of VISITOR_INPUT) {
    window.addEventListener(type, stopActiveScroll, { capture: true, passive: true });
  }
  active = scroll;
  return scroll;
}

/**
 * Scrolls the window so the element is at the top (minus its `scroll-margin-top`), animated
 * over `durationMs` with ease-in-out, or instantly when the visitor prefers reduced motion.
 * Focus moves to the target so keyboard and screen-reader users land where they asked to go.
 */
function scrollToElement(
  element: HTMLElement,
  scroll: NonNullable<typeof active>,
  durationMs = SCROLL_DURATION_MS,
): void {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const to = Math.max(0, element.getBoundingClientRect().top + window.scrollY - margin);
  const from = window.scrollY;
  const finish = () => {
    scroll.stop();
    if (!element.hasAttribute("tabindex") && !isFocusable(element)) {
      element.setAttribute("tabindex", "-1");
    }
    element.focus({ preventScroll: true });
  };
  if (prefersReducedMotion() || durationMs <= 0 || Math.abs(to - from) < 1) {
    window.scrollTo(0, to);
    finish();
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, to, elapsed, durationMs));
    if (elapsed < durationMs) scroll.frame = requestAnimationFrame(step);
    else finish();
  };
  scroll.frame = requestAnimationFrame(step);
}

function isFocusable(element: HTMLElement): boolean {
  return element.matches("a[href], button, input, select, textarea, [tabindex]");
}

/**
 * SPEC §2: a `#` link scrolls to its element after 300 ms. The element may be rendered by a
 * page that is still loading, so it is looked up for a short while before giving up. The
 * visitor's own scrolling, typing or tapping before it arrives ends it where it is, and
 * focus then stays where they are.
 */
export function scrollToIdAfterDelay(id: string, delayMs = LINK_SCROLL_DELAY_MS): void {
  const scroll = startScroll();
  const deadline = performance.now() + 3000;
  const attempt = () => {
    const element = document.getElementById(id);
    if (element) scrollToElement(element, scroll);
    else if (performance.now() < deadline) scroll.timer = window.setTimeout(attempt, 100);
    else scroll.stop();
  };
  scroll.timer = window.setTimeout(attempt, delayMs);
}
