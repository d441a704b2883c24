import path from "node:path";
import { expect, test } from "vitest";
import { isSwitchedOff, sdkModuleOf } from "./amplitude-switched-off.ts";

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
