import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  isSwitchedOff,
  SWITCHED_OFF_MODULES,
  SWITCHED_OFF_PACKAGES,
  sdkModuleOf,
} from "./amplitude-switched-off.ts";

const NODE_MODULES = path.resolve("node_modules");
const browserClient = path.join(
  NODE_MODULES,
  "@amplitude/analytics-browser/lib/esm/browser-client.js",
);
const coreIndex = path.join(NODE_MODULES, "@amplitude/analytics-core/lib/esm/index.js");
const diagnosticsClient = path.join(
  NODE_MODULES,
  "@amplitude/analytics-core/lib/esm/diagnostics/diagnostics-client.js",
);

test.each([
  ["@amplitude/plugin-autocapture-browser", browserClient],
  ["@amplitude/plugin-web-vitals-browser", browserClient],
  ["./plugins/form-interaction-tracking", browserClient],
  ["./plugins/file-download-tracking", browserClient],
  ["./remote-config/remote-config", coreIndex],
  ["./diagnostics-storage", diagnosticsClient],
])("%s, imported by the SDK, is switched off", (source, importer) => {
  expect(isSwitchedOff(source, importer)).toBe(true);
});

test.each([
  ["@amplitude/analytics-core", browserClient],
  ["./plugins/context", browserClient],
  ["./plugins/destination", coreIndex],
  ["./diagnostics-client", coreIndex],
  // A module of ours that happens to share a name with an SDK file is left alone.
  ["./remote-config/remote-config", path.resolve("app/browser/index.ts")],
])("%s is kept", (source, importer) => {
  expect(isSwitchedOff(source, importer)).toBe(false);
});

test("names SDK modules by their path below node_modules, without the extension", () => {
  expect(
    sdkModuleOf("../diagnostics/diagnostics-storage.js", coreIndex.replace("index", "x/y")),
  ).toBe("@amplitude/analytics-core/lib/esm/diagnostics/diagnostics-storage");
  expect(sdkModuleOf("react", browserClient)).toBeUndefined();
});

/** Every `.js` file of an installed package's ES module build, with its text. */
function esmSources(packageName: string): Array<{ file: string; text: string }> {
  const dir = path.join(NODE_MODULES, packageName, "lib/esm");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

const SDK_SOURCES = ["@amplitude/analytics-browser", "@amplitude/analytics-core"].flatMap(
  esmSources,
);
const IMPORT_SPECIFIERS = /\bfrom\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** What the installed SDK imports: package names and resolved module paths. */
const sdkImports = new Set(
  SDK_SOURCES.flatMap(({ file, text }) =>
    [...text.matchAll(IMPORT_SPECIFIERS)].flatMap((match) => {
      const source = match[1] ?? match[2] ?? "";
      return [source, sdkModuleOf(source, file) ?? source];
    }),
  ),
);

// An SDK upgrade that renames or moves one of these would end the swap in silence, and the
// analytics chunk would grow back by about 35 KB (the build's size budget catches that too).
test.each([...SWITCHED_OFF_MODULES])("the installed SDK still has and imports %s", (module) => {
  expect(existsSync(path.join(NODE_MODULES, `${module}.js`))).toBe(true);
  expect(sdkImports).toContain(module);
});

test.each([...SWITCHED_OFF_PACKAGES])("the installed SDK still imports %s", (name) => {
  expect(sdkImports).toContain(name);
});
