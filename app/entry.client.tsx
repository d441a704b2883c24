// First, so that in the one stylesheet the build writes (vite.config.ts) global.css comes
// right after the shell's components and before every other component's rules, the
// cascade they were written against; scripts/postbuild.ts fails the build otherwise.
import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { HydratedRouter } from "react-router/dom";
import { holdEarlyActions } from "./browser/early-actions.ts";
import { yieldToMainThread } from "./browser/yield-to-main-thread.ts";

/**
 * React Router's default client entry, except that React DOM's renderer is its own chunk,
 * which the boot script asks for with every other chunk (scripts/defer-hydration.ts), and
 * hydration starts in a task of its own: evaluating React DOM and hydrating are each tens of
 * milliseconds on a slow phone, and one task holding both would block input for their sum.
 * The router is made by the hydrating render, as React Router does it (decision record 0028
 * says why it is no longer made ahead of the renderer).
 */
const { hydrateRoot } = await import("react-dom/client");
await yieldToMainThread();

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
