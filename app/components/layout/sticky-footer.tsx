import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../../hooks/use-t.ts";
import type { TrialBarMode } from "../../lib/pages.ts";
import {
  HERO_ACTIONS_ATTRIBUTE,
  REGISTER_CTA_ATTRIBUTE,
  type TrialBarState,
  trialBarState,
} from "../../lib/trial-bar.ts";
import { RegisterLink } from "../ui/calls-to-action.tsx";

interface StickyFooterProps {
  mode: TrialBarMode;
}

/** In its place at the end of the page: before the app starts, and until it has measured. */
const IN_PLACE: TrialBarState = { isArmed: false, isAnotherInView: false, isStuck: false };

function isSameState(a: TrialBarState, b: TrialBarState): boolean {
  return (
    a.isArmed === b.isArmed && a.isAnotherInView === b.isAnotherInView && a.isStuck === b.isStuck
  );
}

/** Displayed at all (a copy of the header's buttons that this width hides is not). */
function isDisplayed(element: Element): boolean {
  return element.checkVisibility?.({ visibilityProperty: true }) !== false;
}

/**
 * The trial bar, the spec's sticky footer (SPEC §2, §4). It sits just above the real footer.
 * In `sticky` mode it follows the visitor down the page, but only once the page's own first
 * calls to action (`[data-hero-actions]`, else the page's first section) have scrolled
 * away, and whenever another trial button (the page's or the header's) is on screen it keeps
 * its place and goes out of sight there, so it never stands beside another one or covers
 * the first screen (before the app starts it stays in its place, visible). While it sticks
 * and is not wholly in its place on screen it shows the 'stuck' state. In `inline` mode it
 * never sticks.
 *
 * Its state is worked out afresh from what is on screen (`trialBarState`) whenever that may
 * have changed: one of those elements crossing the screen's edge, the page changing size (a
 * question opened or closed), the window resizing. It keeps nothing from earlier screens.
 */
export function StickyFooter({ mode }: StickyFooterProps) {
  const t = useT();
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState(IN_PLACE);

  // A new page brings its own hero and trial buttons (`pathname` is the trigger).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on navigation
  useEffect(() => {
    const bar = ref.current;
    const main = document.getElementById("main");
    if (
      !bar ||
      !main ||
      typeof IntersectionObserver === "undefined" ||
      typeof ResizeObserver === "undefined"
    ) {
      return;
    }
    let frame = 0;
    const watched = new Set<Element>();
    const check = () => {
      frame = 0;
      const hero =
        mode === "sticky"
          ? (main.querySelector(`[${HERO_ACTIONS_ATTRIBUTE}]`) ?? main.firstElementChild)
          : null;
      const others = [
        ...document.querySelectorAll(
          `main [${REGISTER_CTA_ATTRIBUTE}], header [${REGISTER_CTA_ATTRIBUTE}]`,
        ),
      ].filter((element) => element !== hero);
      // Whatever is there now, including what a part of the page rendered since the last look.
      for (const element of [hero, ...others]) {
        if (!element || watched.has(element)) continue;
        watched.add(element);
        crossings.observe(element);
      }
      const next = trialBarState({
        mode,
        viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
        hero: hero?.getBoundingClientRect() ?? null,
        otherTrialButtons: others
          .filter(isDisplayed)
          .map((element) => element.getBoundingClientRect()),
        bar: bar.getBoundingClientRect(),
      });
      setState((current) => (isSameState(current, next) ? current : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // The bar's own thresholds tell when it comes wholly into its place or leaves it.
    const crossings = new IntersectionObserver(schedule, { threshold: [0, 1] });
    crossings.observe(bar);
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      crossings.disconnect();
      sizes.disconnect();
      window.removeEventListener("resize", schedule);
    };
  }, [mode, pathname]);

  return (
    <aside
      ref={ref}
      className={state.isStuck ? "sticky-footer stuck" : "sticky-footer"}
      data-armed={state.isArmed}
      data-another-trial-in-view={state.isAnotherInView}
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
