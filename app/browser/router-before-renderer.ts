/**
 * Creates React Router's router while React DOM's renderer is still downloading, so that a
 * slow phone does not do it after the last byte (decision record 0022).
 *
 * React Router keeps the router of `HydratedRouter` in its module and makes it in two steps,
 * both before the component's first hook: the first call starts decoding the prerendered
 * state and throws the promise of it (so that a render suspends); a call after that promise
 * has settled creates the router, keeps it, sets `window.__reactRouterDataRouter`, and only
 * then calls `useState`, which throws outside a render. Called here as a plain function, the
 * component does exactly those two steps; the render that hydrates finds the router made.
 *
 * Nothing here fails the start: on any other outcome (a decoding error, or a React Router
 * that works differently) the router is left to the hydrating render, as React Router does it
 * by default. So that an upgrade cannot quietly turn it into nothing, the build checks
 * `HydratedRouter`'s shape first and fails with the patch's own message
 * (scripts/vite/router-before-renderer.ts), and tests/e2e/router-before-renderer.spec.ts fails
 * when the router is no longer made before the renderer arrives.
 */
export async function createRouterBeforeRenderer(
  hydratedRouter: unknown,
  yieldToMainThread: () => Promise<void>,
): Promise<void> {
  const callOutsideRender = hydratedRouter as (props: object) => unknown;
  try {
    callOutsideRender({});
  } catch (decoding) {
    if (typeof (decoding as PromiseLike<unknown> | null)?.then === "function") {
      await decoding;
      // Creating the router is the longer step: a task of its own.
      await yieldToMainThread();
      try {
        callOutsideRender({});
      } catch {
        // The first hook, outside a render: the router is made by then.
      }
    }
  }
}
