import type { Plugin } from "vite";
import { PATCHES, PatchTargetChangedError } from "../patches.ts";
import { nodeModuleInBrowserBuild } from "./node-module-in-browser-build.ts";

/** React Router's module that defines `HydratedRouter` (by path below node_modules). */
export const HYDRATED_ROUTER_MODULE =
  "react-router/dist/production/lib/dom-export/hydrated-router.js";

/**
 * The constant the build defines for the client entry: true where the patch is applied, so
 * that a build without it (`BUILD_SKIP_PATCHES`) never calls `HydratedRouter` outside a render.
 */
export const ROUTER_BEFORE_RENDERER_FLAG = "import.meta.env.ROUTER_BEFORE_RENDERER";

/** React Router's `HydratedRouter` no longer makes its router the way the client entry relies on. */
export class HydratedRouterChangedError extends PatchTargetChangedError {
  constructor(problem: string) {
    super(PATCHES["router-before-renderer"], `${HYDRATED_ROUTER_MODULE}: ${problem}`);
    this.name = "HydratedRouterChangedError";
  }
}

/** The source of the function `name` in `code`, up to the next top-level function. */
function functionBody(code: string, name: string): string | undefined {
  const start = code.search(new RegExp(`^function ${name}\\(`, "m"));
  if (start === -1) return undefined;
  const next = code.slice(start + 1).search(/^(function |\/\/#endregion|export )/m);
  return next === -1 ? code.slice(start) : code.slice(start, start + 1 + next);
}

/**
 * Throws HydratedRouterChangedError unless React Router's `HydratedRouter` still makes its
 * router in the two steps app/browser/router-before-renderer.ts calls it for, both before its
 * first hook (decision record 0022):
 * - `HydratedRouter` keeps the router in its module (`if (!router) router =
 *   createHydratedRouter(…)`) before any `React.use…` call, which throws outside a render;
 * - `createHydratedRouter` throws the promise of the state's decoding before it creates the
 *   router, and then sets `window.__reactRouterDataRouter` and returns the router.
 * Anything else would make the call outside a render do nothing, or something else.
 */
export function checkHydratedRouter(code: string): void {
  const component = functionBody(code, "HydratedRouter");
  if (!component) throw new HydratedRouterChangedError("no top-level function HydratedRouter");
  const keeps = component.search(/if \(!router\) \{?\s*router = createHydratedRouter\(/);
  const firstHook = component.search(/\bReact\$?\d*\.use[A-Z]\w*\(|\buse[A-Z]\w*\(/);
  if (keeps === -1) {
    throw new HydratedRouterChangedError(
      'HydratedRouter no longer keeps its router in the module ("if (!router) router = createHydratedRouter(")',
    );
  }
  if (firstHook !== -1 && firstHook < keeps) {
    throw new HydratedRouterChangedError(
      "HydratedRouter calls a hook before it makes its router, which throws outside a render",
    );
  }
  const create = functionBody(code, "createHydratedRouter");
  if (!create) throw new HydratedRouterChangedError("no top-level function createHydratedRouter");
  const suspends = create.search(/throw ssrInfo\.stateDecodingPromise;/);
  const creates = create.search(/UNSAFE_createRouter\(/);
  const publishes = create.search(/window\.__reactRouterDataRouter = router;/);
  if (suspends === -1 || creates === -1 || suspends > creates) {
    throw new HydratedRouterChangedError(
      "createHydratedRouter no longer throws the promise of the state's decoding before it creates the router",
    );
  }
  if (publishes === -1 || publishes < creates) {
    throw new HydratedRouterChangedError(
      "createHydratedRouter no longer sets window.__reactRouterDataRouter once it has created the router",
    );
  }
}

/**
 * Lets the client entry make React Router's router while React DOM's renderer is still
 * downloading (app/browser/router-before-renderer.ts, decision record 0022), in the browser
 * build (`environments`) only: it checks `HydratedRouter` as the browser build loads it, and
 * fails the build when that module no longer has the shape the call relies on or was never
 * loaded. It changes none of React Router's code.
 */
export function routerBeforeRenderer(environments: readonly string[]): Plugin {
  return nodeModuleInBrowserBuild({
    name: "router-before-renderer",
    module: HYDRATED_ROUTER_MODULE,
    environments,
    visit: (code) => {
      checkHydratedRouter(code);
      return null;
    },
    neverLoaded: () => new HydratedRouterChangedError("the browser build never loaded it"),
  });
}
