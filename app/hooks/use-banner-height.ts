import { type RefObject, useEffect } from "react";

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

/** Room for a banner `height` pixels high; none for a hidden banner (height 0). */
function keepRoom(height: number): void {
  const root = document.documentElement.style;
  const body = document.body.style;
  const bubble = document.querySelector<HTMLElement>(".chat-bubble")?.style;
  if (height === 0) {
    root.removeProperty("scroll-padding-bottom");
    body.removeProperty("padding-bottom");
    bubble?.removeProperty("--consent-banner-height");
    return;
  }
  const room = `calc(${Math.ceil(height)}px + var(--consent-banner-clearance))`;
  root.setProperty("scroll-padding-bottom", room);
  body.setProperty("padding-bottom", room);
  bubble?.setProperty("--consent-banner-height", `${Math.ceil(height)}px`);
}
