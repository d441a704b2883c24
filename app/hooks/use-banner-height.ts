import { type RefObject, useEffect } from "react";
import { afterNextPaint } from "../browser/after-next-paint.ts";

/**
 * Keeps room for the open banner: the root's scroll padding and the body's padding below
 * the page take its height plus `--consent-banner-clearance`, and the chat bubble, which
 * sits above it on a wide screen, gets it as `--consent-banner-height`. So no focused
 * element or footer link ends up hidden behind the banner (WCAG 2.4.11). Until the app has
 * measured it, the stylesheet keeps an estimate (consent.css).
 *
 * Each element gets its own declaration: a custom property set on the root restyles every
 * element of the page, and the first height did so in one task after the start (about 45
 * ms at CPU ×6.4 on /features, decision record 20).
 */
export function useBannerHeight(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!isOpen || !element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => keepRoom(element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      keepRoom(0);
    };
  }, [ref, isOpen]);
}

/** Counts the calls of keepRoom, so that a root update that waited never undoes a later one. */
let roomUpdates = 0;

/** Room for a banner `height` pixels high; none for a hidden banner (height 0). */
function keepRoom(height: number): void {
  const update = ++roomUpdates;
  const body = document.body.style;
  const bubble = document.querySelector<HTMLElement>(".chat-bubble")?.style;
  const room = `calc(${Math.ceil(height)}px + var(--consent-banner-clearance))`;
  // A change of the root's scroll padding restyles every element of the page in about one
  // frame of two in Chromium (about 50 ms at CPU ×6 on /pricing, decision record 29), so it
  // waits until the frame that answers the visitor (the banner gone or grown) is drawn.
  // Meanwhile the scroll padding is the previous height's: a frame with too much or too
  // little of it scrolls nothing by itself.
  afterNextPaint(() => {
    if (update !== roomUpdates) return;
    const root = document.documentElement.style;
    if (height === 0) root.removeProperty("scroll-padding-bottom");
    else root.setProperty("scroll-padding-bottom", room);
  });
  if (height === 0) {
    body.removeProperty("padding-bottom");
    bubble?.removeProperty("--consent-banner-height");
    return;
  }
  body.setProperty("padding-bottom", room);
  bubble?.setProperty("--consent-banner-height", `${Math.ceil(height)}px`);
}
