import {
  type EarlyAction,
  replayEarlyActions,
  takeEarlyActions,
} from "../lib/early-actions/replay.ts";

/** Taken from the capture script when hydration starts, replayed once it has committed. */
let held: EarlyAction[] = [];
/** Suspense boundaries (HydrationPart) that have committed their shell but not themselves. */
let partsPending = 0;
let rootHydrated = false;

/** Called by the client entry right before `hydrateRoot`: React handles events from then on. */
export function holdEarlyActions(): void {
  held = takeEarlyActions(window);
}

/**
 * Replays the held actions once the root and every part that hydrates on its own have
 * committed: a value typed into a field of a part still dehydrated would be overwritten by
 * that part's hydration.
 */
function replayWhenWholePageHydrated(): void {
  if (!rootHydrated || partsPending > 0) return;
  // For tests and tools that must know the whole page is live, not only that the app has
  // started (`__reactRouterDataRouter`, set before the parts hydrate).
  (window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated = true;
  const actions = held;
  held = [];
  if (actions.length > 0) void replayEarlyActions(actions, document);
}

/** Called from the root component's first effect. */
export function replayHeldEarlyActions(): void {
  rootHydrated = true;
  replayWhenWholePageHydrated();
}

/**
 * Called from a layout effect outside a part's Suspense boundary; such effects run in the
 * root's commit, before the root's first (passive) effect.
 */
export function partPending(): void {
  partsPending += 1;
}

/** Called from an effect inside the part's boundary, when the part has hydrated. */
export function partHydrated(): void {
  partsPending -= 1;
  replayWhenWholePageHydrated();
}
