import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { installedVersion, PATCHES, PatchTargetChangedError } from "../patches.ts";
import { exportedNames, importedNamesBySource } from "./module-exports.ts";

const STAND_INS = path.resolve(import.meta.dirname, "../../app/browser/amplitude-switched-off.ts");
const STAND_INS_NAME = "app/browser/amplitude-switched-off.ts";
const PATCH = PATCHES["amplitude-switched-off"];

/** Whole packages the SDK imports for plugins that sdkOptions never adds. */
export const SWITCHED_OFF_PACKAGES = new Set([
  "@amplitude/plugin-autocapture-browser",
  "@amplitude/plugin-custom-enrichment-browser",
  "@amplitude/plugin-event-property-attribution-browser",
  "@amplitude/plugin-network-capture-browser",
  "@amplitude/plugin-page-url-enrichment-browser",
  "@amplitude/plugin-page-view-tracking-browser",
  "@amplitude/plugin-web-vitals-browser",
]);

/** Modules inside the SDK's own packages, by their path below node_modules, without `.js`. */
export const SWITCHED_OFF_MODULES = new Set([
  "@amplitude/analytics-browser/lib/esm/plugins/file-download-tracking",
  "@amplitude/analytics-browser/lib/esm/plugins/form-interaction-tracking",
  "@amplitude/analytics-core/lib/esm/diagnostics/diagnostics-storage",
  "@amplitude/analytics-core/lib/esm/remote-config/remote-config",
]);

const IN_NODE_MODULES = /^.*[\\/]node_modules[\\/]/;

/** The module below node_modules that `source` imported from `importer` names, if any. */
export function sdkModuleOf(source: string, importer: string | undefined): string | undefined {
  if (!importer || !source.startsWith(".") || !IN_NODE_MODULES.test(importer)) return undefined;
  return path
    .resolve(path.dirname(importer), source)
    .replace(IN_NODE_MODULES, "")
    .replaceAll("\\", "/")
    .replace(/\.js$/, "");
}

/** The package or SDK module `source` names, when it is one the stand-ins replace. */
function switchedOffTarget(source: string, importer: string | undefined): string | undefined {
  if (SWITCHED_OFF_PACKAGES.has(source)) return source;
  const module = sdkModuleOf(source, importer);
  return module !== undefined && SWITCHED_OFF_MODULES.has(module) ? module : undefined;
}

export function isSwitchedOff(source: string, importer: string | undefined): boolean {
  return switchedOffTarget(source, importer) !== undefined;
}

/** The npm package a target belongs to (`@scope/name`). */
function packageOf(target: string): string {
  return target.split("/").slice(0, 2).join("/");
}

/**
 * Throws PatchTargetChangedError when the SDK file `id` (its source `code`) takes a name from
 * a switched-off module that the stand-ins do not export (`standInExports`): the bundler would
 * otherwise stop at a missing export, or the SDK call something that is not there.
 */
export function checkImportsOfSwitchedOff(
  id: string,
  code: string,
  standInExports: readonly string[],
  nodeModules?: string,
): void {
  for (const [source, names] of importedNamesBySource(id, code)) {
    const target = switchedOffTarget(source, id);
    if (target === undefined) continue;
    const missing = names.filter((name) => !standInExports.includes(name));
    if (missing.length === 0) continue;
    const file = id.replaceAll("\\", "/").replace(/^.*\/node_modules\//, "");
    const dependency = packageOf(file);
    throw new PatchTargetChangedError(
      { ...PATCH, dependency },
      `${file} takes ${missing.join(", ")} from ${source}, which ${STAND_INS_NAME} does not stand in for`,
      installedVersion(dependency, nodeModules),
    );
  }
}

/** Every package and module the stand-ins replace. */
const ALL_TARGETS = [...SWITCHED_OFF_PACKAGES, ...SWITCHED_OFF_MODULES];

/** Throws PatchTargetChangedError when the SDK no longer imports some of what is switched off. */
export function checkEveryTargetImported(imported: ReadonlySet<string>): void {
  const stale = ALL_TARGETS.filter((target) => !imported.has(target));
  if (stale.length === 0) return;
  // A plugin package no longer imported: the SDK changed; a module of the SDK: its package.
  const first = stale[0] as string;
  const dependency = SWITCHED_OFF_PACKAGES.has(first) ? PATCH.dependency : packageOf(first);
  throw new PatchTargetChangedError(
    { ...PATCH, dependency },
    `the SDK no longer imports ${stale.join(", ")}: ${STAND_INS_NAME} stands in for code that is gone or moved`,
    installedVersion(dependency),
  );
}

/**
 * Replaces the parts of the Amplitude browser SDK that the site's options switch off with
 * stand-ins (app/browser/amplitude-switched-off.ts): the analytics chunk shrinks from about
 * 65 to under 30 KB gzip. `environments` limits it to the browser build; the unit tests use it
 * everywhere, so they test the SDK as it ships.
 *
 * Before the bundler links anything, each SDK file's imports from a switched-off part are
 * checked against what the stand-ins export; and a build (`environments` given) fails when
 * the SDK no longer imports one of the parts, so a stand-in never outlives its target.
 */
export function amplitudeSwitchedOff(environments?: readonly string[]): Plugin {
  const applies = (name: string | undefined) => !environments || environments.includes(name ?? "");
  let standInExports: string[] | undefined;
  const imported = new Set<string>();
  return {
    name: "amplitude-switched-off",
    enforce: "pre",
    buildStart() {
      imported.clear();
    },
    resolveId(source, importer) {
      if (!applies(this.environment?.name)) return null;
      const target = switchedOffTarget(source, importer);
      if (target === undefined) return null;
      imported.add(target);
      return STAND_INS;
    },
    transform(code, id) {
      if (!applies(this.environment?.name) || !/[\\/]node_modules[\\/]@amplitude[\\/]/.test(id)) {
        return null;
      }
      standInExports ??= exportedNames(STAND_INS, readFileSync(STAND_INS, "utf8"));
      checkImportsOfSwitchedOff(id, code, standInExports);
      return null;
    },
    buildEnd(error) {
      if (error || !environments || !applies(this.environment?.name)) return;
      checkEveryTargetImported(imported);
    },
  };
}
