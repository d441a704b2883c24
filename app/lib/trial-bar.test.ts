import { expect, test } from "vitest";
import { type TrialBarView, trialBarState } from "./trial-bar.ts";

const viewport = { width: 1280, height: 800 };
/** A 65 px bar in its place, `top` pixels down the screen. */
const barAt = (top: number) => ({ top, bottom: top + 65, left: 0, right: 1280 });
const box = (top: number, height = 44) => ({ top, bottom: top + height, left: 900, right: 1060 });

const view = (overrides: Partial<TrialBarView>): TrialBarView => ({
  mode: "sticky",
  viewport,
  hero: box(400, 52),
  otherTrialButtons: [],
  bar: barAt(2000),
  ...overrides,
});

test("in its place while the hero's calls to action are on screen", () => {
  expect(trialBarState(view({}))).toEqual({
    isArmed: false,
    isAnotherInView: false,
    isStuck: false,
  });
});

test("armed and stuck once the hero has gone above the screen and its place is below", () => {
  expect(trialBarState(view({ hero: box(-300, 52) }))).toEqual({
    isArmed: true,
    isAnotherInView: false,
    isStuck: true,
  });
  // Stuck 1 px below the bottom edge (`bottom: -1px`): still stuck.
  expect(trialBarState(view({ hero: box(-300, 52), bar: barAt(736) })).isStuck).toBe(true);
});

test("armed but not stuck once it has reached its place at the end of the page", () => {
  expect(trialBarState(view({ hero: box(-3000, 52), bar: barAt(600) }))).toEqual({
    isArmed: true,
    isAnotherInView: false,
    isStuck: false,
  });
});

test("a hero partly on screen keeps it in place", () => {
  expect(trialBarState(view({ hero: box(-20, 52) })).isArmed).toBe(false);
});

test("another trial button on screen sends it back to its place, out of sight", () => {
  expect(
    trialBarState(view({ hero: box(-300, 52), otherTrialButtons: [box(-100), box(500)] })),
  ).toEqual({ isArmed: false, isAnotherInView: true, isStuck: false });
});

test("trial buttons off screen, or not displayed (an empty box), do not count", () => {
  const hidden = { top: 0, bottom: 0, left: 0, right: 0 };
  expect(
    trialBarState(view({ hero: box(-300, 52), otherTrialButtons: [box(-100), box(900), hidden] })),
  ).toEqual({ isArmed: true, isAnotherInView: false, isStuck: true });
});

test("inline mode never arms, but still goes out of sight beside another trial button", () => {
  expect(trialBarState(view({ mode: "inline", hero: null, bar: barAt(700) }))).toEqual({
    isArmed: false,
    isAnotherInView: false,
    isStuck: false,
  });
  expect(trialBarState(view({ mode: "inline", hero: null, otherTrialButtons: [box(14)] }))).toEqual(
    { isArmed: false, isAnotherInView: true, isStuck: false },
  );
});
