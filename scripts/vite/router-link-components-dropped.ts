import type { Plugin } from "vite";
import { PATCHES, PatchTargetChangedError } from "../patches.ts";
import { nodeModuleInBrowserBuild } from "./node-module-in-browser-build.ts";

/** React Router's module that defines its DOM components (by path below node_modules). */
export const ROUTER_DOM_MODULE = "react-router/dist/production/lib/dom/lib.js";

/**
 * React Router's link and form components, which this site never renders: its links are
 * `ClientLink`s (app/components/ui/client-link.tsx, decision record 0023) and its forms post
 * with `fetch`.
 */
export const UNUSED_ROUTER_COMPONENTS = ["Link", "NavLink", "Form"] as const;

/** React Router's DOM module no longer has the statements the rewrite drops. */
export class RouterModuleChangedError extends PatchTargetChangedError {
  constructor(problem: string) {
    super(PATCHES["router-link-components-dropped"], `${ROUTER_DOM_MODULE}: ${problem}`);
    this.name = "RouterModuleChangedError";
  }
}

/**
 * React Router's DOM module with its unused link and form components left for the bundler to
 * drop. Each is made at the module's top level by a call (`React.forwardRef`) and then given a
 * `displayName`, two statements a bundler must keep even when nothing imports the component,
 * and with them the prefetching and click handling they use: 2.9 KB gzip of every page's
 * first load. The call is marked pure and the name (for React's developer tools, which a
 * production build does not serve) removed. When React Router's module no longer has exactly
 * these statements, the build fails: an upgrade must look at this again, not quietly ship the
 * bytes back.
 */
export function withoutUnusedRouterComponents(code: string): string {
  let result = code;
  for (const name of UNUSED_ROUTER_COMPONENTS) {
    const definition = new RegExp(`^const ${name} = (React\\$?\\d*)\\.forwardRef\\(`, "gm");
    const displayName = new RegExp(`^${name}\\.displayName = "${name}";\\n`, "gm");
    const definitions = result.match(definition)?.length ?? 0;
    const displayNames = result.match(displayName)?.length ?? 0;
    if (definitions !== 1 || displayNames !== 1) {
      throw new RouterModuleChangedError(
        `expected one "const ${name} = React.forwardRef(" and one "${name}.displayName", found ${definitions} and ${displayNames}`,
      );
    }
    result = result
      .replace(
        definition,
        (_match, react: string) => `const ${name} = /* @__PURE__ */ ${react}.forwardRef(`,
      )
      .replace(displayName, "");
  }
  return result;
}

export function routerLinkComponentsDropped(environments: readonly string[]): Plugin {
  return nodeModuleInBrowserBuild({
    name: "router-link-components-dropped",
    module: ROUTER_DOM_MODULE,
    environments,
    visit: withoutUnusedRouterComponents,
    neverLoaded: () => new RouterModuleChangedError("the browser build never loaded it"),
  });
}
