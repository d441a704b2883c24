import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has entered the viewport (once true, stays true unless `isLive`).
 * `rootMargin` widens the viewport as IntersectionObserver's option does, so "100% 0px"
 * reads "within a screen of it". False while prerendering and where IntersectionObserver
 * is missing.
 */
export function useInView(
  ref: RefObject<Element | null>,
  {
    threshold = 0,
    isLive = false,
    rootMargin = "0px",
  }: { threshold?: number; isLive?: boolean; rootMargin?: string } = {},
): boolean {
  const [isInView, setIsInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.isIntersecting) {
          setIsInView(true);
          if (!isLive) observer.disconnect();
        } else if (isLive) {
          setIsInView(false);
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, isLive, rootMargin]);
  return isInView;
}
