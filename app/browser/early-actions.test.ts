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
 * A page with a button in the shell (a header) and one in a part (the page's `<main>`),
 * tapped in the given order while only the capture script runs. The listeners added after
 * the taps stand for the app's handlers, so what they log is what the app receives, in order.
 */
function tapBeforeTheStart(order: ReadonlyArray<"shell" | "page">): string[] {
  document.body.innerHTML =
    '<header><button id="shell" type="button">Settings</button></header>' +
    '<main id="main"><button id="page" type="button">Open</button></main>';
  new Function(EARLY_CAPTURE_SCRIPT)();
  for (const id of order) document.getElementById(id)?.click();
  const received: string[] = [];
  for (const id of ["shell", "page"]) {
    document.getElementById(id)?.addEventListener("click", () => received.push(id));
  }
  return received;
}

test("a tap made before the start inside a part is replayed once the root and every part have hydrated", async () => {
  const received = tapBeforeTheStart(["page"]);
  const taps = () => received.length;

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

/**
 * Hydrates a page of one part after taps made in the given order, and returns what the app
 * had received once the root had hydrated, and once the part had too.
 */
async function receivedWithOnePart(
  order: ReadonlyArray<"shell" | "page">,
): Promise<{ afterRoot: string[]; afterPart: string[] }> {
  const received = tapBeforeTheStart(order);
  holdEarlyActions();
  partPending();
  replayHeldEarlyActions();
  await settle();
  const afterRoot = [...received];
  partHydrated();
  await settle();
  return { afterRoot, afterPart: [...received] };
}

test("a tap on the shell is replayed once the root has hydrated, without waiting for the parts", async () => {
  const { afterRoot, afterPart } = await receivedWithOnePart(["shell", "page"]);
  expect(afterRoot).toEqual(["shell"]);
  expect(afterPart).toEqual(["shell", "page"]);
});

test("a tap on the shell made after one inside a part waits with it, so the order holds", async () => {
  const { afterRoot, afterPart } = await receivedWithOnePart(["page", "shell"]);
  expect(afterRoot).toEqual([]);
  expect(afterPart).toEqual(["page", "shell"]);
});

test("a page without parts replays when the root has hydrated, once", async () => {
  const received = tapBeforeTheStart(["page"]);
  const taps = () => received.length;

  holdEarlyActions();
  replayHeldEarlyActions();
  await settle();
  expect(taps()).toBe(1);
  partPending();
  partHydrated();
  await settle();
  expect(taps()).toBe(1);
});
