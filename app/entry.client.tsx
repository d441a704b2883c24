// First, so that in the one stylesheet the build writes (vite.config.ts) global.css comes
// right after the shell's components and before every other component's rules, the
// cascade they were written against; scripts/postbuild.ts fails the build otherwise.
import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { holdEarlyActions } from "./browser/early-actions.ts";

/**
 * React Router's default client entry, except that hydration starts in a task of its own:
 * evaluating React DOM and creating the router are each tens of milliseconds on a slow
 * phone, and one task holding both would block input for their sum.
 */
await yieldToMainThread();

/** `scheduler.yield()` where the browser has it, else a message-channel task (never clamped). */
function yieldToMainThread(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

// Taps made before this point are replayed after hydration (docs/decisions/0009); from
// here on React sees events itself and replays those on parts not yet hydrated.
holdEarlyActions();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
