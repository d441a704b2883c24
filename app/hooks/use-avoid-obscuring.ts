import { type RefObject, useEffect, useState } from "react";
import { rectsOverlap } from "../lib/rects.ts";

/** Clearance kept around the floating element, in CSS pixels. */
const CLEARANCE_PX = 8;
/**
 * What a floating control must never cover: links, buttons and fields. Programmatic focus
 * targets such as `<main tabindex=-1>` after a skip link span the page and are not controls.
 */
const CONTROLS =
  "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [contenteditable], [tabindex]:not([tabindex='-1'])";

/**
 * WCAG 2.4.11 and 'nothing covered' for a floating control (the chat bubble): true while it
 * would cover the focused element or any visible link, button or field of the page, so it
 * can step aside. Checked on focus changes, scrolling, resizing, clicks and changes of the
 * page's size, once per frame. Starts true: until the first check nobody knows what is
 * underneath, and hidden is the safe guess.
 */
export function useAvoidObscuring(ref: RefObject<HTMLElement | null>): boolean {
  const [isObscuring, setIsObscuring] = useState(true);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const own = element.getBoundingClientRect();
      let covers = false;
      for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
        if (element.contains(control)) continue;
        if (!rectsOverlap(own, control.getBoundingClientRect(), CLEARANCE_PX)) continue;
        // Only now pay for a style check: a control hidden by visibility covers nothing.
        if (control.checkVisibility?.({ visibilityProperty: true }) === false) continue;
        covers = true;
        break;
      }
      setIsObscuring(covers);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const resizeObserver =
      typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(schedule);
    resizeObserver?.observe(document.body);
    document.addEventListener("focusin", schedule);
    document.addEventListener("click", schedule);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      resizeObserver?.disconnect();
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("click", schedule);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [ref]);

  return isObscuring;
}
