import { type RefObject, useEffect } from "react";

/**
 * Publishes the open banner's height as `--consent-banner-height` on the root, which the
 * stylesheet turns into scroll padding and room below the page, so no focused element or
 * footer link ends up hidden behind the banner (WCAG 2.4.11).
 */
export function useBannerHeight(ref: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!isOpen || !element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty("--consent-banner-height", `${Math.ceil(element.offsetHeight)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-banner-height");
    };
  }, [ref, isOpen]);
}
