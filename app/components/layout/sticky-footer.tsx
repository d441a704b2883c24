import { useEffect, useRef, useState } from "react";
import { useT } from "../../hooks/use-t.ts";
import { RegisterLink } from "../ui/calls-to-action.tsx";

/**
 * A sticky call-to-action bar (SPEC §2, §4). It sits just above the real footer and sticks to
 * the bottom of the viewport; while it is stuck (not fully visible in its natural place)
 * it shows the 'stuck' state. `bottom: -1px` makes a stuck bar report a ratio below 1; a bar
 * that has scrolled away above the viewport is not stuck, just out of sight.
 */
export function StickyFooter() {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const [isStuck, setIsStuck] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const viewportBottom = entry.rootBounds?.bottom ?? window.innerHeight;
        setIsStuck(
          entry.intersectionRatio < 1 && entry.boundingClientRect.bottom >= viewportBottom,
        );
      },
      { threshold: [0, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <aside
      ref={ref}
      className={isStuck ? "sticky-footer stuck" : "sticky-footer"}
      aria-label={t("common.sticky.label")}
    >
      <div className="container sticky-footer__inner">
        <p>{t("common.sticky.text")}</p>
        <RegisterLink section="sticky-footer" className="button button--primary button--small">
          {t("common.sticky.cta")}
        </RegisterLink>
      </div>
    </aside>
  );
}
