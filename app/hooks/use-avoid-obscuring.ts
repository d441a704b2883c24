import { type RefObject, useEffect, useState } from "react";
import { rectsOverlap } from "../lib/rects.ts";

/** Clearance kept around the floating element, in CSS pixels. */
const CLEARANCE_PX = 8;
/** Elements a floating control must never cover: the focused one and every form's buttons. */
const FORM_BUTTONS = "form button, form input[type='submit'], form input[type='button']";
/**
 * Focused elements that are controls. Programmatic focus targets such as `<main tabindex=-1>`
 * after a skip link, or the body, span the page and are not what 2.4.11 protects.
 */
const CONTROLS =
  "a[href], button, input, select, textarea, summary, [contenteditable], [tabindex]:not([tabindex='-1'])";

/**
 * WCAG 2.4.11 for a floating control (the chat bubble): true while it would cover the
 * focused element or a visible form button, so it can step aside. Checked on focus
 * changes, scrolling and resizing, once per frame.
 */
export function useAvoidObscuring(ref: RefObject<HTMLElement | null>): boolean {
  const [isObscuring, setIsObscuring] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const own = element.getBoundingClientRect();
      const active = document.activeElement;
      const candidates = [
        ...(active instanceof HTMLElement && active.matches(CONTROLS) && !element.contains(active)
          ? [active]
          : []),
        ...document.querySelectorAll<HTMLElement>(FORM_BUTTONS),
      ];
      setIsObscuring(
        candidates.some((candidate) =>
          rectsOverlap(own, candidate.getBoundingClientRect(), CLEARANCE_PX),
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    document.addEventListener("focusin", schedule);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", schedule);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [ref]);

  return isObscuring;
}
