import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  checkHydratedRouter,
  HYDRATED_ROUTER_MODULE,
  HydratedRouterChangedError,
} from "./router-before-renderer.ts";

const installed = readFileSync(
  path.resolve(import.meta.dirname, "../../node_modules", HYDRATED_ROUTER_MODULE),
  "utf8",
);

test("the installed React Router makes its router the way the client entry relies on", () => {
  expect(() => checkHydratedRouter(installed)).not.toThrow();
});

test.each([
  [
    "a hook before the router is made",
    (code: string) =>
      code.replace(
        "function HydratedRouter(props) {",
        "function HydratedRouter(props) {\n\tlet early = React$1.useRef(null);",
      ),
    /calls a hook before it makes its router/,
  ],
  [
    "the router made without suspending for the state first",
    (code: string) => code.replace("throw ssrInfo.stateDecodingPromise;", ""),
    /no longer throws the promise of the state's decoding/,
  ],
  [
    "the router no longer published on window",
    (code: string) => code.replace("window.__reactRouterDataRouter = router;", ""),
    /no longer sets window.__reactRouterDataRouter/,
  ],
  [
    "no HydratedRouter function",
    (code: string) => code.replaceAll("function HydratedRouter(", "function FrameworkRouter("),
    /no top-level function HydratedRouter/,
  ],
])("fails with the patch's own message on %s", (_what, change, problem) => {
  const changed = change(installed);
  expect(changed).not.toBe(installed);
  expect(() => checkHydratedRouter(changed)).toThrow(HydratedRouterChangedError);
  expect(() => checkHydratedRouter(changed)).toThrow(problem);
});
