import { afterEach, expect, test, vi } from "vitest";
import { createRouterBeforeRenderer } from "./router-before-renderer.ts";

type WithRouter = { __reactRouterDataRouter?: unknown };

afterEach(() => {
  delete (window as WithRouter).__reactRouterDataRouter;
});

/**
 * A stand-in for React Router's `HydratedRouter` called outside a render, step by step as
 * its module does it: throw the decoding promise, then create the router, then fail at the
 * first hook.
 */
function routerComponent(decoding: Promise<void>) {
  let decoded = false;
  void decoding.then(() => {
    decoded = true;
  });
  const router = { id: "router" };
  const component = vi.fn(() => {
    if (!decoded) throw decoding;
    (window as WithRouter).__reactRouterDataRouter ??= router;
    throw new TypeError("Cannot read properties of null (reading 'useState')");
  });
  return { component, router };
}

test("waits for the state's decoding, yields, then lets the component create the router", async () => {
  const { component, router } = routerComponent(Promise.resolve());
  const order: string[] = [];
  const yieldToMainThread = vi.fn(async () => {
    order.push(`yield after ${component.mock.calls.length} call(s)`);
  });
  await createRouterBeforeRenderer(component, yieldToMainThread);
  expect(component).toHaveBeenCalledTimes(2);
  expect(order).toEqual(["yield after 1 call(s)"]);
  expect((window as WithRouter).__reactRouterDataRouter).toBe(router);
});

test("leaves the router to the render when the decoding failed", async () => {
  const failure = new Error("bad stream");
  const component = vi.fn((_props: object) => {
    if (component.mock.calls.length === 1) throw Promise.resolve();
    throw failure;
  });
  await expect(createRouterBeforeRenderer(component, async () => {})).resolves.toBeUndefined();
  expect((window as WithRouter).__reactRouterDataRouter).toBeUndefined();
});

test("never throws when the component no longer suspends first (another React Router)", async () => {
  const component = vi.fn(() => {
    throw new TypeError("Cannot read properties of null (reading 'useState')");
  });
  await expect(createRouterBeforeRenderer(component, async () => {})).resolves.toBeUndefined();
  expect(component).toHaveBeenCalledTimes(1);
});
