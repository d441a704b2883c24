import { type RefObject, useEffect, useState } from "react";
import { gridPoints, type Rect, rectsOverlap } from "../lib/rects.ts";

/** Clearance kept around the floating element, in CSS pixels. */
const CLEARANCE_PX = 8;
/**
 * Spacing of the points at which the page is asked what lies under the floating element:
 * closer than a line of the smallest text (13 px), so no line slips between two of them.
 */
const PROBE_STEP_PX = 12;
/**
 * How long the page must stay still before the element comes back after a scroll: it goes
 * at once, but does not blink in and out over every gap between paragraphs on the way.
 */
const REST_MS = 250;
/**
 * What a floating control must never cover: links, buttons and fields. Programmatic focus
 * targets such as `<main tabindex=-1>` after a skip link span the page and are not controls.
 */
const CONTROLS =
  "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [contenteditable], [tabindex]:not([tabindex='-1'])";

/** Whether any visible link, button or field of the page (outside `element`) lies under `own`. */
function coversControl(element: HTMLElement, own: Rect): boolean {
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (element.contains(control)) continue;
    if (!rectsOverlap(own, control.getBoundingClientRect(), CLEARANCE_PX)) continue;
    // Only now pay for a style check: a control hidden by visibility covers nothing.
    if (control.checkVisibility?.({ visibilityProperty: true }) === false) continue;
    return true;
  }
  return false;
}

/**
 * Whether a line of the page's text (outside `element`) lies under `own`. Asks the browser
 * what is under a grid of points (hit testing skips whatever is hidden), then measures the
 * lines of those elements' own text: a paragraph's box may reach under the element while
 * its short last line stops well before it.
 */
function coversText(element: HTMLElement, own: Rect): boolean {
  const seen = new Set<Element>();
  const range = document.createRange();
  for (const [x, y] of gridPoints(own, CLEARANCE_PX, PROBE_STEP_PX)) {
    for (const under of document.elementsFromPoint(x, y)) {
      if (seen.has(under) || element.contains(under)) continue;
      seen.add(under);
      for (const node of under.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (rectsOverlap(own, line, CLEARANCE_PX)) return true;
        }
      }
    }
  }
  return false;
}

/**
 * WCAG 2.4.11 and 'nothing covered' for a floating control (the chat bubble): true while it
 * would cover the focused element, any visible link, button or field of the page, or a line
 * of its text, so it can step aside (on a phone the text runs edge to edge, and a bubble
 * parked on a paragraph hides the words under it). Checked on focus changes, scrolling,
 * resizing, clicks and changes of the page's size, at most once per frame; after a scroll it
 * comes back only once the page has been still for a moment. Starts true: until the first
 * check nobody knows what is underneath, and hidden is the safe guess.
 *
 * Each check runs in the task after the frame that follows its event is painted, never in
 * that frame: a check in an animation-frame callback sat between every tap and its paint on
 * every page (0.6–1.1 ms at ×1 on /pricing, a hit test per grid point), which is Interaction
 * to Next Paint (decision record 29). After the paint the layout it reads is already clean.
 */
export function useAvoidObscuring(ref: RefObject<HTMLElement | null>): boolean {
  const [isObscuring, setIsObscuring] = useState(true);

  useEffect(() => {
    let frame = 0;
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    let restTimer: ReturnType<typeof setTimeout> | undefined;
    let lastScrollAt = Number.NEGATIVE_INFINITY;
    let isHidden = true;
    const hide = (value: boolean) => {
      isHidden = value;
      setIsObscuring(value);
    };
    const check = () => {
      afterPaint = undefined;
      const element = ref.current;
      if (!element) return;
      // Hidden and still scrolling: it stays hidden until the page rests, so the probes
      // (a hit test per grid point) wait for then instead of running every frame.
      const sinceScroll = performance.now() - lastScrollAt;
      if (isHidden && sinceScroll < REST_MS) {
        clearTimeout(restTimer);
        restTimer = setTimeout(schedule, REST_MS - sinceScroll);
        return;
      }
      const own = element.getBoundingClientRect();
      if (coversControl(element, own) || coversText(element, own)) {
        clearTimeout(restTimer);
        restTimer = undefined;
        hide(true);
        return;
      }
      hide(false);
    };
    const schedule = () => {
      if (frame || afterPaint !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        afterPaint = setTimeout(check, 0);
      });
    };
    // One more check once a scroll has come to rest, whatever the last one found: what the
    // scroll set off (the trial bar sticking or coming unstuck, which moves the bubble up or
    // down) lands a frame or two after the last scroll event's check, with no event of its
    // own, and left the bubble over a button until the next scroll.
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      lastScrollAt = performance.now();
      clearTimeout(settleTimer);
      settleTimer = setTimeout(schedule, REST_MS);
      schedule();
    };
    const resizeObserver =
      typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(schedule);
    resizeObserver?.observe(document.body);
    document.addEventListener("focusin", schedule);
    document.addEventListener("click", schedule);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(restTimer);
      clearTimeout(settleTimer);
      resizeObserver?.disconnect();
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("click", schedule);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", schedule);
    };
  }, [ref]);

  return isObscuring;
}
