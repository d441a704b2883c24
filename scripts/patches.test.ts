import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { deferHydration } from "./defer-hydration.ts";
import { parseRouteManifest } from "./locale-manifests.ts";
import {
  installedVersion,
  PATCHES,
  type Patch,
  type PatchName,
  PatchTargetChangedError,
  skippedPatches,
} from "./patches.ts";
import {
  checkEveryTargetImported,
  checkImportsOfSwitchedOff,
} from "./vite/amplitude-switched-off.ts";
import { exportedNames } from "./vite/module-exports.ts";
import { REACT_DOM_CLIENT, reactDomClientAsModule } from "./vite/react-dom-client-module.ts";
import { checkHydratedRouter, HYDRATED_ROUTER_MODULE } from "./vite/router-before-renderer.ts";
import {
  ROUTER_DOM_MODULE,
  withoutUnusedRouterComponents,
} from "./vite/router-link-components-dropped.ts";
import {
  checkRouterStandIns,
  SWITCHED_OFF_ROUTER_MODULES,
} from "./vite/router-parts-switched-off.ts";

/**
 * Every patch of another project's code or output (scripts/patches.ts) fails the build with
 * its own message when what it changes has changed: each is fed here a target changed the
 * way an upgrade would change it, and must name itself, the dependency and its installed
 * version, and the decision record to read, before any bundler could report something else.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const NODE_MODULES = path.join(ROOT, "node_modules");
const installed = (file: string) => readFileSync(path.join(NODE_MODULES, file), "utf8");

function thrownBy(fail: () => unknown): unknown {
  try {
    fail();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

function expectOwnMessage(error: unknown, patch: Patch, dependency = patch.dependency) {
  expect(error).toBeInstanceOf(PatchTargetChangedError);
  const { message } = error as Error;
  expect(message).toContain(
    `Patch ${patch.file} does not fit ${dependency} ${installedVersion(dependency)}: `,
  );
  expect(message).toContain(`docs/decisions/${patch.record}`);
  expect(message).toContain(`BUILD_SKIP_PATCHES=${patch.name}`);
}

/** A changed target for each patch, as an upgrade could change it, and what it fails with. */
const CHANGED_TARGETS: Record<PatchName, () => unknown> = {
  "react-dom-client-module": () =>
    reactDomClientAsModule(
      installed(`react-dom/${REACT_DOM_CLIENT.replace(/^react-dom\//, "")}`).replace(
        'React = require("react")',
        'React = require("react/shared")',
      ),
    ),
  "defer-hydration": () =>
    // React Router's app module written without `async`: the page would never start.
    deferHydration(
      '<link rel="modulepreload" href="/assets/root-1.js"/>' +
        '<script type="module">import("/assets/entry.client-2.js");</script>',
    ),
  "router-before-renderer": () =>
    // The router made in a hook, as a React Router could well do it.
    checkHydratedRouter(
      installed(HYDRATED_ROUTER_MODULE).replace(
        /if \(!router\) \{?\s*router = createHydratedRouter\(/,
        "let router = React$1.useMemo(() => createHydratedRouter(",
      ),
    ),
  "locale-manifests": () =>
    // Written as an expression rather than one JSON object.
    parseRouteManifest('window.__reactRouterManifest=Object.freeze({"routes":{}});'),
  "amplitude-switched-off": () => {
    const file = path.join(NODE_MODULES, "@amplitude/analytics-browser/lib/esm/browser-client.js");
    const standIns = exportedNames(
      "amplitude-switched-off.ts",
      readFileSync(path.join(ROOT, "app/browser/amplitude-switched-off.ts"), "utf8"),
    );
    const code = `${readFileSync(file, "utf8")}\nimport { sessionReplayPlugin } from '@amplitude/plugin-web-vitals-browser';\n`;
    return checkImportsOfSwitchedOff(file, code, standIns);
  },
  "router-parts-switched-off": () =>
    // As React Router 8.5 added getManifestPathsParam to fog-of-war.js.
    checkRouterStandIns(NODE_MODULES, SWITCHED_OFF_ROUTER_MODULES, (file) =>
      file.endsWith("fog-of-war.js")
        ? `${readFileSync(file, "utf8")}\nexport function getManifestPathsParam2() {}\n`
        : readFileSync(file, "utf8"),
    ),
  "router-link-components-dropped": () =>
    withoutUnusedRouterComponents(
      installed(ROUTER_DOM_MODULE).replace("const NavLink = ", "const NavLinkWithRef2 = "),
    ),
};

test.each(Object.values(PATCHES))(
  "$name: a changed target fails with the patch's own message",
  (patch) => {
    const error = thrownBy(CHANGED_TARGETS[patch.name as PatchName]);
    expectOwnMessage(error, patch);
  },
);

test("amplitude-switched-off: a part the SDK no longer imports fails with the patch's own message", () => {
  const error = thrownBy(() => checkEveryTargetImported(new Set()));
  expectOwnMessage(error, PATCHES["amplitude-switched-off"]);
});

test("every patch names its file, a dependency the project installs, and a decision record", () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  for (const patch of Object.values(PATCHES)) {
    expect(existsSync(path.join(ROOT, patch.file)), patch.file).toBe(true);
    expect(existsSync(path.join(ROOT, "docs/decisions", patch.record)), patch.record).toBe(true);
    expect({ ...manifest.dependencies, ...manifest.devDependencies }).toHaveProperty([
      patch.dependency,
    ]);
  }
});

test("BUILD_SKIP_PATCHES names patches, and a name that is none is an error", () => {
  expect(skippedPatches("")).toEqual(new Set());
  expect(skippedPatches("defer-hydration, locale-manifests")).toEqual(
    new Set(["defer-hydration", "locale-manifests"]),
  );
  expect(() => skippedPatches("defer-hydratoin")).toThrow(/defer-hydratoin, which is not a patch/);
});
