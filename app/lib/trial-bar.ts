import type { TrialBarMode } from "./pages.ts";
import { type Rect, rectsOverlap } from "./rects.ts";

/**
 * Marks the page's own first calls to action (the hero's button row): the trial bar sticks
 * only once they have scrolled away, so it never covers them.
 */
export const HERO_ACTIONS_ATTRIBUTE = "data-hero-actions";

/**
 * Marks every register (trial) button, the page's and the header's: while one is on screen
 * the trial bar keeps its place and goes out of sight there, so that it never stands beside
 * or over another trial button.
 */
export const REGISTER_CTA_ATTRIBUTE = "data-register-cta";

/** What is on screen now, as the trial bar needs to know it (viewport pixels). */
export interface TrialBarView {
  mode: TrialBarMode;
  /** The viewport, from (0, 0) to its width and height. */
  viewport: { width: number; height: number };
  /** The hero's calls to action (else the page's first section); null when there is none. */
  hero: Rect | null;
  /** Every other trial button the page displays (hidden ones left out). */
  otherTrialButtons: readonly Rect[];
  /** The bar itself, where it is laid out now: in its place, or stuck at the bottom. */
  bar: Rect;
}

export interface TrialBarState {
  /** It follows the visitor (position: sticky), in `sticky` mode, once the hero has gone. */
  isArmed: boolean;
  /** Another trial button is on screen: the bar keeps its place and goes out of sight. */
  isAnotherInView: boolean;
  /** The spec's 'stuck' state: armed and not wholly in its own place on screen. */
  isStuck: boolean;
}

/**
 * The trial bar's state from what is on screen at this moment alone, never from what was
 * there before: the same screen always gives the same bar (a question opened and closed
 * again without a scroll leaves it as it was).
 *
 * It is armed in `sticky` mode once the hero lies wholly above the screen and no other
 * trial button is on screen. Armed, it sticks 1 px below the screen's bottom edge
 * (`bottom: -1px`), so it is stuck exactly when its box reaches below that edge; in its place
 * at the page's end its box ends on screen. Its box before it is armed is its place, which
 * is below the screen whenever the armed bar would stick.
 */
export function trialBarState(view: TrialBarView): TrialBarState {
  const screen = { top: 0, left: 0, right: view.viewport.width, bottom: view.viewport.height };
  const isAnotherInView = view.otherTrialButtons.some((button) => rectsOverlap(button, screen));
  const isHeroGone = view.hero !== null && view.hero.bottom <= 0;
  const isArmed = view.mode === "sticky" && isHeroGone && !isAnotherInView;
  return {
    isArmed,
    isAnotherInView,
    isStuck: isArmed && view.bar.bottom > view.viewport.height,
  };
}
