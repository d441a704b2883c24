import { afterEach, expect, test } from "vitest";
import { EARLY_ACTIONS_GLOBAL, EARLY_CAPTURE_SCRIPT } from "../lib/early-actions/capture-script.ts";
import {
  holdEarlyActions,
  partHydrated,
  partPending,
  replayHeldEarlyActions,
} from "./early-actions.ts";

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_ACTIONS_GLOBAL];
  document.body.innerHTML = "";
});

/** Long enough for the replay's task-per-action queue to run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A page with one button, tapped once while only the capture script runs; the listener added
 * after the tap stands for the app's handler, so what it counts is what the app receives.
 */
function tapBeforeTheStart(): () => number {
  document.body.innerHTML = '<button id="open" type="button">Open</button>';
  new Function(EARLY_CAPTURE_SCRIPT)();
  const button = document.getElementById("open") as HTMLButtonElement;
  button.click();
  let taps = 0;
  button.addEventListener("click", () => {
    taps += 1;
  });
  return () => taps;
}

test("a tap made before the start is replayed once the root and every part have hydrated", async () => {
  const taps = tapBeforeTheStart();

  holdEarlyActions();
  partPending();
  partPending();
  replayHeldEarlyActions();
  await settle();
  expect(taps()).toBe(0);
  partHydrated();
  await settle();
  expect(taps()).toBe(0);
  expect(pageHydrated()).toBe(false);
  partHydrated();
  await settle();
  expect(taps()).toBe(1);
  expect(pageHydrated()).toBe(true);
});

function pageHydrated(): boolean {
  return (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated === true;
}

test("a page without parts replays when the root has hydrated, once", async () => {
  const taps = tapBeforeTheStart();

  holdEarlyActions();
  replayHeldEarlyActions();
  await settle();
  expect(taps()).toBe(1);
  partPending();
  partHydrated();
  await settle();
  expect(taps()).toBe(1);
});
