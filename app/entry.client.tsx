// First, so that in the one stylesheet the build writes (vite.config.ts) global.css comes
// right after the shell's components and before every other component's rules, the
// cascade they were written against; scripts/postbuild.ts fails the build otherwise.
import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { HydratedRouter } from "react-router/dom";
import { holdEarlyActions } from "./browser/early-actions.ts";
import { createRouterBeforeRenderer } from "./browser/router-before-renderer.ts";
import { yieldToMainThread } from "./browser/yield-to-main-thread.ts";

/**
 * React Router's default client entry, except that the router is created before React DOM's
 * renderer has arrived, and hydration starts in a task of its own. The boot script asks for
 * the renderer with every other chunk but does not wait for it (scripts/defer-hydration.ts):
 * it is the largest, and arrives last on a slow line, and until then the main thread is
 * free to decode the page's state and create the router (decision record 0022). Evaluating
 * React DOM and hydrating are each tens of milliseconds on a slow phone, and one task
 * holding both would block input for their sum.
 */
// In development React warns about the hook the router component calls outside a render,
// and nothing downloads slowly enough to gain from it. The build defines the flag
// (scripts/vite/router-before-renderer.ts), false in a build without the patch.
if (!import.meta.env.DEV && import.meta.env.ROUTER_BEFORE_RENDERER === true) {
  await createRouterBeforeRenderer(HydratedRouter, yieldToMainThread);
}
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
