/**
 * Carries out, once the app has hydrated, what the visitor did before it started (kept by
 * EARLY_CAPTURE_SCRIPT; see docs/decisions/0009). Each action runs in a task of its own, in
 * the order it was made, so React has rendered the previous one before the next arrives
 * and a long queue never becomes one long task.
 */
import {
  EARLY_ACTIONS_GLOBAL,
  EARLY_CONTROLS,
  EARLY_PENDING_ATTRIBUTE,
  LATER_PART_ATTRIBUTE,
} from "./capture-script.ts";

/** One kept action: the control, a fallback key for it, and what happened. */
export interface EarlyAction {
  type: "click" | "input" | "key";
  el: Element;
  /** `#id`, or the control's index among EARLY_CONTROLS in document order. */
  key: string;
  /** Typed value (`input`) or key name (`key`). */
  value?: string;
  /** For a radio or checkbox click: its state after the click. */
  checked?: boolean;
}

interface EarlyActionsGlobal {
  handOver(): EarlyAction[];
  live(part: Element): void;
  stop(): EarlyAction[];
}

function captureOf(win: object): EarlyActionsGlobal | undefined {
  return (win as Record<string, EarlyActionsGlobal | undefined>)[EARLY_ACTIONS_GLOBAL];
}

/**
 * Returns what the capture kept so far (none when the script is absent), and from then on
 * lets it keep only actions in parts whose code comes after the start. Called right before
 * hydration starts: from then on React sees the other events itself, and an action seen by
 * both would run twice.
 */
export function handOverEarlyActions(win: object): EarlyAction[] {
  return captureOf(win)?.handOver() ?? [];
}

/** Tells the capture that a later part has hydrated: React takes its events from now on. */
export function markLaterPartLive(win: object, part: Element): void {
  captureOf(win)?.live(part);
}

/** Stops the capture and returns what it kept since the hand-over (or since it began). */
export function takeEarlyActions(win: object): EarlyAction[] {
  return captureOf(win)?.stop() ?? [];
}

/**
 * The control an action was made on. Hydration keeps the prerendered elements, so it is
 * usually the same element; where React rendered a part anew (a hydration mismatch), the
 * element at the same key stands in.
 */
export function resolveTarget(action: EarlyAction, doc: Document): Element | null {
  if (action.el.isConnected) return action.el;
  if (action.key.startsWith("#")) return doc.getElementById(action.key.slice(1));
  return doc.querySelectorAll(EARLY_CONTROLS).item(Number(action.key));
}

/**
 * The parts of a page that hydrate after the shell (decision record 0012): the page's
 * `<main>` and every part whose code comes after the start (the footer among them).
 */
const HYDRATION_PARTS = `main, [${LATER_PART_ATTRIBUTE}]`;

/**
 * Whether an action was made inside a part of the page rather than in the shell (header,
 * consent banner, trial bar, chat). An action whose control cannot be found counts as
 * inside a part, so it waits with the rest.
 */
export function isInPart(action: EarlyAction, doc: Document): boolean {
  const target = resolveTarget(action, doc);
  return target === null || target.closest(HYDRATION_PARTS) !== null;
}

/**
 * Splits the kept actions at the first one made inside a part: those before it act on the
 * shell, which has hydrated with the root, and can be carried out at once; the rest wait
 * until every part has hydrated, so that the order they were made in holds.
 */
export function splitAtFirstPartAction(
  actions: readonly EarlyAction[],
  inPart: (action: EarlyAction) => boolean,
): { shell: EarlyAction[]; rest: EarlyAction[] } {
  const first = actions.findIndex(inPart);
  const at = first === -1 ? actions.length : first;
  return { shell: actions.slice(0, at), rest: actions.slice(at) };
}

const CHECKABLE = /^(radio|checkbox)$/;

/**
 * Does one action as the visitor did it. React keeps a field's last known value and calls
 * `onChange` only when the element's value differs from it; hydration records the value
 * the element has, typed text included, so the element's own setter first gives React a
 * different last value, then the prototype's setter (which React does not watch) puts the
 * kept value back before the events.
 */
function performAction(action: EarlyAction, target: Element): void {
  const view = target.ownerDocument.defaultView;
  if (!view) return;
  if (action.type === "click") {
    if (target instanceof view.HTMLInputElement && CHECKABLE.test(target.type)) {
      target.checked = !action.checked;
    }
    (target as HTMLElement).click();
    return;
  }
  if (action.type === "key") {
    target.dispatchEvent(
      new view.KeyboardEvent("keydown", { key: action.value, bubbles: true, cancelable: true }),
    );
    return;
  }
  const field = target as HTMLInputElement;
  const value = action.value ?? "";
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  field.value = value === "" ? " " : "";
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new view.Event("input", { bubbles: true }));
  field.dispatchEvent(new view.Event("change", { bubbles: true }));
}

/** A new task: a message-channel message, which timers' clamping does not delay. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Replays the actions in order, each in a task of its own; returns the kinds of those that
 * found their control, in order (the speed report counts them, decision record 0029). Every control is resolved before the first action runs: an action can remove
 * controls (an 'Accept all' unmounts the banner), and a second tap on a removed control
 * must be dropped, never passed on to whatever control then sits at its index. An action
 * whose control is gone is dropped (there is nothing left to act on).
 */
export async function replayEarlyActions(
  actions: readonly EarlyAction[],
  doc: Document,
  waitForTask: () => Promise<void> = nextTask,
): Promise<Array<EarlyAction["type"]>> {
  const targets = actions.map((action) => resolveTarget(action, doc));
  const done: Array<EarlyAction["type"]> = [];
  for (const [index, action] of actions.entries()) {
    await waitForTask();
    const target = targets[index];
    action.el.removeAttribute(EARLY_PENDING_ATTRIBUTE);
    if (!target?.isConnected) continue;
    target.removeAttribute(EARLY_PENDING_ATTRIBUTE);
    performAction(action, target);
    done.push(action.type);
  }
  return done;
}
