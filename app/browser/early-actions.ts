import {
  type EarlyAction,
  replayEarlyActions,
  takeEarlyActions,
} from "../lib/early-actions/replay.ts";

/** Taken from the capture script when hydration starts, replayed once it has committed. */
let held: EarlyAction[] = [];

/** Called by the client entry right before `hydrateRoot`: React handles events from then on. */
export function holdEarlyActions(): void {
  held = takeEarlyActions(window);
}

/** Called from the root component's first effect, i.e. once the whole page has hydrated. */
export function replayHeldEarlyActions(): void {
  const actions = held;
  held = [];
  if (actions.length > 0) void replayEarlyActions(actions, document);
}
