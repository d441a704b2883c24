import path from "node:path";
import type { Plugin } from "vite";
import { sdkModuleOf } from "./amplitude-switched-off.ts";

const BROWSER = path.resolve(import.meta.dirname, "../../app/browser");

/**
 * React Router modules that the browser build bundles although this site never runs them
 * (by path below node_modules, without `.js`), and the stand-in for each.
 */
export const SWITCHED_OFF_ROUTER_MODULES = new Map([
  [
    "react-router/dist/production/lib/dom/ssr/fog-of-war",
    path.join(BROWSER, "router-lazy-discovery-off.ts"),
  ],
  [
    "react-router/dist/production/lib/router/instrumentation",
    path.join(BROWSER, "router-instrumentation-off.ts"),
  ],
]);

export function routerStandIn(source: string, importer: string | undefined): string | undefined {
  const module = sdkModuleOf(source, importer);
  return module === undefined ? undefined : SWITCHED_OFF_ROUTER_MODULES.get(module);
}

/**
 * Swaps React Router's lazy route discovery and instrumentation for stand-ins in the browser
 * build (`environments`): a prerendered site (`ssr: false`) with no instrumentations never
 * runs either, and every page's first load is about 2 KB gzip lighter without them.
 */
export function routerPartsSwitchedOff(environments: readonly string[]): Plugin {
  return {
    name: "router-parts-switched-off",
    enforce: "pre",
    resolveId(source, importer) {
      if (!environments.includes(this.environment?.name ?? "")) return null;
      return routerStandIn(source, importer) ?? null;
    },
  };
}
