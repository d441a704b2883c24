import path from "node:path";
import type { Plugin } from "vite";

const STAND_INS = path.resolve(import.meta.dirname, "../../app/browser/amplitude-switched-off.ts");

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

export function isSwitchedOff(source: string, importer: string | undefined): boolean {
  if (SWITCHED_OFF_PACKAGES.has(source)) return true;
  const module = sdkModuleOf(source, importer);
  return module !== undefined && SWITCHED_OFF_MODULES.has(module);
}

/**
 * Replaces the parts of the Amplitude browser SDK that the site's options switch off with
 * stand-ins (app/browser/amplitude-switched-off.ts): the analytics chunk shrinks from about
 * 65 to under 30 KB gzip. `environments` limits it to the browser build; the unit tests use it
 * everywhere, so they test the SDK as it ships.
 */
export function amplitudeSwitchedOff(environments?: readonly string[]): Plugin {
  return {
    name: "amplitude-switched-off",
    enforce: "pre",
    resolveId(source, importer) {
      if (environments && !environments.includes(this.environment?.name ?? "")) return null;
      return isSwitchedOff(source, importer) ? STAND_INS : null;
    },
  };
}
