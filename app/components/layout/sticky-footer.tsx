import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../hooks/use-t.ts";
import type { TrialBarMode } from "../../lib/pages.ts";
import { HERO_ACTIONS_ATTRIBUTE, REGISTER_CTA_ATTRIBUTE } from "../../lib/trial-bar.ts";
import { RegisterLink } from "../ui/calls-to-action.tsx";

interface StickyFooterProps {
  mode: TrialBarMode;
}

/**
 * The trial bar, the spec's sticky footer (SPEC §2, §4). It sits just above the real footer.
 * In `sticky` mode it follows the visitor down the page, but only once the page's own first
 * calls to action (`[data-hero-actions]`, else the page's first section) have scrolled
 * away, and whenever another register button (the page's or the header's) is on screen it
 * steps back into its place and out of sight there too: one trial button per screen
 * (issue 14), and nothing of the first screen ever covered (before the app starts it stays
 * in its place, visible). While it sticks and is not fully visible in its natural place it
 * shows the 'stuck' state; `bottom: -1px` makes a stuck bar report a ratio below 1. In
 * `inline` mode it never sticks.
 */
export function StickyFooter({ mode }: StickyFooterProps) {
  const t = useT();
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const [isArmed, setIsArmed] = useState(false);
  const [isAnotherInView, setIsAnotherInView] = useState(false);
  const [isStuck, setIsStuck] = useState(false);

  // A new page brings its own hero and register buttons (`pathname` is the trigger).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on navigation
  useEffect(() => {
    setIsArmed(false);
    setIsAnotherInView(false);
    const main = document.getElementById("main");
    if (!main || typeof IntersectionObserver === "undefined") return;
    // Only a sticky bar waits for the hero; an inline one still steps out of sight.
    const hero =
      mode === "sticky"
        ? (main.querySelector(`[${HERO_ACTIONS_ATTRIBUTE}]`) ?? main.firstElementChild ?? undefined)
        : undefined;
    // The page's own trial buttons and the header's (the inline navigation's, from 1200 px).
    const others = document.querySelectorAll(
      `main [${REGISTER_CTA_ATTRIBUTE}], header [${REGISTER_CTA_ATTRIBUTE}]`,
    );
    let isHeroAbove = false;
    const visibleOthers = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === hero) {
          const top = entry.rootBounds?.top ?? 0;
          isHeroAbove = !entry.isIntersecting && entry.boundingClientRect.bottom <= top;
        } else if (entry.isIntersecting) {
          visibleOthers.add(entry.target);
        } else {
          visibleOthers.delete(entry.target);
        }
      }
      setIsArmed(hero !== undefined && isHeroAbove && visibleOthers.size === 0);
      setIsAnotherInView(visibleOthers.size > 0);
    });
    if (hero) observer.observe(hero);
    for (const other of others) if (other !== hero) observer.observe(other);
    return () => observer.disconnect();
  }, [mode, pathname]);

  useEffect(() => {
    const element = ref.current;
    setIsStuck(false);
    if (!isArmed || !element || typeof IntersectionObserver === "undefined") return;
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
  }, [isArmed]);

  return (
    <aside
      ref={ref}
      className={isStuck ? "sticky-footer stuck" : "sticky-footer"}
      data-armed={isArmed}
      data-another-trial-in-view={isAnotherInView}
      aria-label={t("common.sticky.label")}
    >
      <div className="container sticky-footer__inner">
        <p className="sticky-footer__text">{t("common.sticky.text")}</p>
        <RegisterLink
          section="sticky-footer"
          className="button button--primary sticky-footer__cta"
        />
      </div>
    </aside>
  );
}
