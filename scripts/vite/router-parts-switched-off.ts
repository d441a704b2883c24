import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { installedVersion, PATCHES, PatchTargetChangedError } from "../patches.ts";
import { sdkModuleOf } from "./amplitude-switched-off.ts";
import { exportedNames } from "./module-exports.ts";

const BROWSER = path.resolve(import.meta.dirname, "../../app/browser");
const PATCH = PATCHES["router-parts-switched-off"];

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
    "react-router/dist/production/lib/dom/ssr/route-discovery",
    path.join(BROWSER, "router-custom-discovery-off.ts"),
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
 * What differs between a module's exports and its stand-in's, in words; undefined when they
 * are the same names. A name the module gained would reach the bundler as a missing export;
 * one it lost means its code changed under the stand-in.
 */
function exportDifference(
  module: string,
  moduleExports: readonly string[],
  standIn: string,
  standInExports: readonly string[],
): string | undefined {
  const missing = moduleExports.filter((name) => !standInExports.includes(name));
  const extra = standInExports.filter((name) => !moduleExports.includes(name));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const parts = [
    missing.length > 0 && `${module}.js exports ${missing.join(", ")}, which ${standIn} lacks`,
    extra.length > 0 && `${standIn} exports ${extra.join(", ")}, which ${module}.js no longer has`,
  ].filter(Boolean);
  return parts.join("; ");
}

/**
 * Throws PatchTargetChangedError unless every switched-off module is installed under
 * `nodeModules` and exports exactly what its stand-in does.
 */
export function checkRouterStandIns(
  nodeModules: string,
  modules: ReadonlyMap<string, string> = SWITCHED_OFF_ROUTER_MODULES,
  readSource: (file: string) => string = (file) => readFileSync(file, "utf8"),
): void {
  const root = path.resolve(BROWSER, "../..");
  const version = installedVersion(PATCH.dependency, nodeModules);
  for (const [module, standIn] of modules) {
    const file = path.join(nodeModules, `${module}.js`);
    const standInName = path.relative(root, standIn);
    if (!existsSync(file)) {
      throw new PatchTargetChangedError(
        PATCH,
        `${module}.js, which ${standInName} stands in for, is gone`,
        version,
      );
    }
    const difference = exportDifference(
      module,
      exportedNames(file, readSource(file)),
      standInName,
      exportedNames(standIn, readSource(standIn)),
    );
    if (difference) throw new PatchTargetChangedError(PATCH, difference, version);
  }
}

/**
 * Swaps React Router's lazy route discovery, its custom route discovery and its
 * instrumentation for stand-ins in the browser build (`environments`): a prerendered site
 * (`ssr: false`) without the custom-discovery flag or instrumentations never runs them, and
 * every page's first load is lighter without them (decision record 0026). Before the build
 * starts it checks that each module still exports exactly what its stand-in does.
 */
export function routerPartsSwitchedOff(environments: readonly string[]): Plugin {
  let root = process.cwd();
  return {
    name: "router-parts-switched-off",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      if (!environments.includes(this.environment?.name ?? "")) return;
      checkRouterStandIns(path.join(root, "node_modules"));
    },
    resolveId(source, importer) {
      if (!environments.includes(this.environment?.name ?? "")) return null;
      return routerStandIn(source, importer) ?? null;
    },
  };
}
