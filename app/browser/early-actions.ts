import { earlyConsentSettings } from "../lib/early-actions/consent-settings.ts";
import {
  type EarlyAction,
  handOverEarlyActions,
  isInPart,
  markLaterPartLive,
  replayEarlyActions,
  splitAtFirstPartAction,
  takeEarlyActions,
} from "../lib/early-actions/replay.ts";
import { holdEarlyConsentSettings } from "./consent-store.ts";

/** Taken from the capture script when hydration starts, replayed once it has committed. */
let held: EarlyAction[] = [];
/** Suspense boundaries (HydrationPart) that have committed their shell but not themselves. */
let partsPending = 0;
let rootHydrated = false;
/** The replay under way: a later batch starts only when the one before it has finished. */
let replaying: Promise<unknown> = Promise.resolve();

/** The kinds of the kept actions carried out so far, for the speed report (decision 0029). */
export const replayedEarlyActions: Array<EarlyAction["type"]> = [];

function replayAfterTheOthers(actions: readonly EarlyAction[]): void {
  if (actions.length === 0) return;
  replaying = replaying
    .then(() => replayEarlyActions(actions, document))
    .then((done) => replayedEarlyActions.push(...done));
}

/**
 * Called by the client entry right before `hydrateRoot`: React handles events from then on.
 * A consent settings layer opened before the start is not an action but a state, which the
 * consent store adopts.
 */
export function holdEarlyActions(): void {
  held = handOverEarlyActions(window);
  holdEarlyConsentSettings(earlyConsentSettings(document));
}

/**
 * Replays the rest of the held actions once the root and every part that hydrates on its
 * own have committed: a value typed into a field of a part still dehydrated would be
 * overwritten by that part's hydration.
 */
function replayWhenWholePageHydrated(): void {
  if (!rootHydrated || partsPending > 0) return;
  // For tests and tools that must know the whole page is live, not only that the app has
  // started (`__reactRouterDataRouter`, set before the parts hydrate).
  (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated = true;
  // Then the actions kept in later parts after the start: they were made after the others.
  const actions = [...held, ...takeEarlyActions(window)];
  held = [];
  replayAfterTheOthers(actions);
}

/**
 * Whether the page the visitor opened has hydrated whole: a part rendered from now on is
 * rendered by the app (a client navigation), not hydrated from the prerendered HTML.
 */
export function wholePageHydrated(): boolean {
  return (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated === true;
}

/**
 * Called from the root component's first effect, when the shell has hydrated: the actions
 * made on the shell before any made inside a part (a consent 'Settings', the menu where
 * `popover` is missing) are carried out at once, without waiting for the parts.
 */
export function replayHeldEarlyActions(): void {
  rootHydrated = true;
  const { shell, rest } = splitAtFirstPartAction(held, (action) => isInPart(action, document));
  held = rest;
  replayAfterTheOthers(shell);
  replayWhenWholePageHydrated();
}

/**
 * Called from a layout effect outside a part's Suspense boundary; such effects run in the
 * root's commit, before the root's first (passive) effect.
 */
export function partPending(): void {
  partsPending += 1;
}

/**
 * Called from an effect inside the part's boundary, when the part has hydrated; with the
 * element around a later part (`LaterPart`), whose taps the capture script kept until now.
 */
export function partHydrated(laterPart?: Element | null): void {
  if (laterPart) markLaterPartLive(window, laterPart);
  partsPending -= 1;
  replayWhenWholePageHydrated();
}
