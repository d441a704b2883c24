import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import * as customDiscoveryStandIn from "../../app/browser/router-custom-discovery-off.ts";
import * as instrumentationStandIn from "../../app/browser/router-instrumentation-off.ts";
import * as lazyDiscoveryStandIn from "../../app/browser/router-lazy-discovery-off.ts";
import routerConfig from "../../react-router.config.ts";
import { PatchTargetChangedError } from "../patches.ts";
import {
  checkRouterStandIns,
  routerStandIn,
  SWITCHED_OFF_ROUTER_MODULES,
} from "./router-parts-switched-off.ts";

const NODE_MODULES = path.resolve("node_modules");
const ROUTER_DIST = path.join(NODE_MODULES, "react-router/dist/production");
const componentsModule = path.join(ROUTER_DIST, "lib/dom/ssr/components.js");
const routerModule = path.join(ROUTER_DIST, "lib/router/router.js");

const STAND_INS: Record<string, Record<string, unknown>> = {
  "react-router/dist/production/lib/dom/ssr/fog-of-war": lazyDiscoveryStandIn,
  "react-router/dist/production/lib/dom/ssr/route-discovery": customDiscoveryStandIn,
  "react-router/dist/production/lib/router/instrumentation": instrumentationStandIn,
};

test("React Router's lazy and custom discovery and its instrumentation, imported by the router, are swapped", () => {
  expect(routerStandIn("./fog-of-war.js", componentsModule)).toBe(
    path.resolve("app/browser/router-lazy-discovery-off.ts"),
  );
  expect(
    routerStandIn("./lib/dom/ssr/route-discovery.js", path.join(ROUTER_DIST, "index.js")),
  ).toBe(path.resolve("app/browser/router-custom-discovery-off.ts"));
  expect(routerStandIn("./instrumentation.js", routerModule)).toBe(
    path.resolve("app/browser/router-instrumentation-off.ts"),
  );
  // The router's other modules, and a module of ours with the same name, are left alone.
  expect(routerStandIn("./history.js", routerModule)).toBeUndefined();
  expect(routerStandIn("./instrumentation.js", path.resolve("app/lib/x.ts"))).toBeUndefined();
});

/** Every import of `module` in the installed router: the names each file takes from it. */
function importedNames(module: string): string[] {
  const target = path.join(NODE_MODULES, `${module}.js`);
  const names: string[] = [];
  for (const name of readdirSync(ROUTER_DIST, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".js")) continue;
    const file = path.join(ROUTER_DIST, name);
    for (const match of readFileSync(file, "utf8").matchAll(
      /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
    )) {
      const source = match[2] ?? "";
      if (!source.startsWith(".") || path.resolve(path.dirname(file), source) !== target) continue;
      names.push(
        ...(match[1] ?? "")
          .split(",")
          .map((part) => part.trim().split(/\s+as\s+/)[0] ?? "")
          .filter(Boolean),
      );
    }
  }
  return names;
}

// An upgrade that moves, renames or adds to what the router imports from these modules would
// otherwise break the browser build, or leave a stand-in answering for a function it lacks.
test.each([...SWITCHED_OFF_ROUTER_MODULES.keys()])(
  "the installed router still has %s, and takes nothing from it that its stand-in lacks",
  (module) => {
    expect(existsSync(path.join(NODE_MODULES, `${module}.js`))).toBe(true);
    const names = importedNames(module);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(STAND_INS[module]).toHaveProperty(name);
  },
);

async function installed(module: string): Promise<Record<string, (...args: unknown[]) => unknown>> {
  return import(pathToFileURL(path.join(NODE_MODULES, `${module}.js`)).href);
}

test("the site is prerendered, not rendered on a server: lazy discovery never runs", async () => {
  expect(routerConfig.ssr).toBe(false);
  const real = await installed("react-router/dist/production/lib/dom/ssr/fog-of-war");
  for (const mode of ["lazy", "initial"]) {
    const routeDiscovery = { mode, manifestPath: "/__manifest" };
    expect(real.isFogOfWarEnabled?.(routeDiscovery, false)).toBe(false);
    expect(lazyDiscoveryStandIn.isFogOfWarEnabled(routeDiscovery, false)).toBe(false);
    expect(
      real.getPatchRoutesOnNavigationFunction?.(
        () => null,
        {},
        {},
        false,
        routeDiscovery,
        true,
        "/",
      ),
    ).toBeUndefined();
    expect(
      lazyDiscoveryStandIn.getPatchRoutesOnNavigationFunction(() => null, {}, {}, false),
    ).toBeUndefined();
  }
  // Rendering on a server would need the real module: the stand-in says so.
  expect(() => lazyDiscoveryStandIn.isFogOfWarEnabled({ mode: "lazy" }, true)).toThrow(
    /switched off/,
  );
  expect(() => lazyDiscoveryStandIn.useFogOFWarDiscovery(null, {}, {}, true)).toThrow(
    /switched off/,
  );
});

test("without instrumentations the router's only question gets the real module's answer", async () => {
  const real = await installed("react-router/dist/production/lib/router/instrumentation");
  const router = {};
  expect(real.consumeInstrumentationClientResultMetaReceiver?.(router)).toBeUndefined();
  expect(instrumentationStandIn.consumeInstrumentationClientResultMetaReceiver(router)).toBe(
    undefined,
  );
  expect(() => instrumentationStandIn.instrumentClientSideRouter()).toThrow(/switched off/);
  expect(() => instrumentationStandIn.getRouteInstrumentationUpdates()).toThrow(/switched off/);
});

test("the site does not turn custom route discovery on: its stand-in throws if asked", () => {
  const future = (routerConfig as { future?: Record<string, unknown> }).future ?? {};
  expect(future.unstable_customRouteDiscovery).toBeUndefined();
  expect(() => new customDiscoveryStandIn.RouteDiscoveryRuntime()).toThrow(/switched off/);
  expect(() => customDiscoveryStandIn.useRouteDiscovery()).toThrow(/switched off/);
});

test("the installed router's modules export exactly what their stand-ins do (the build's own check)", () => {
  expect(() => checkRouterStandIns(NODE_MODULES)).not.toThrow();
});

// React Router 8.5 added getManifestPathsParam to fog-of-war.js, which the bundler reported as
// a missing export of the stand-in; the build now says which patch, version and record.
test("a new export of a switched-off module fails with the patch's own message", () => {
  const fogOfWar = path.join(
    NODE_MODULES,
    "react-router/dist/production/lib/dom/ssr/fog-of-war.js",
  );
  const withNewExport = (file: string) =>
    readFileSync(file, "utf8") + (file === fogOfWar ? "\nexport function addedLater() {}\n" : "");
  const check = () => checkRouterStandIns(NODE_MODULES, SWITCHED_OFF_ROUTER_MODULES, withNewExport);
  expect(check).toThrow(PatchTargetChangedError);
  expect(check).toThrow(
    /scripts\/vite\/router-parts-switched-off\.ts does not fit react-router \d+\.\d+\.\d+/,
  );
  expect(check).toThrow(
    /fog-of-war\.js exports addedLater, which app\/browser\/router-lazy-discovery-off\.ts lacks/,
  );
  expect(check).toThrow(/docs\/decisions\/0012-first-load-in-few-chunks\.md/);
});

test("a switched-off module that is gone fails with the patch's own message", () => {
  const moved = new Map([["react-router/dist/production/lib/dom/ssr/moved-away", "x.ts"]]);
  expect(() => checkRouterStandIns(NODE_MODULES, moved)).toThrow(
    /moved-away\.js, which .* stands in for, is gone/,
  );
});

test("the client entry gives the router no instrumentations", () => {
  const entry = readFileSync(path.resolve("app/entry.client.tsx"), "utf8");
  expect(entry).toMatch(/<HydratedRouter\s*\/>/);
  expect(entry).not.toMatch(/instrumentations/);
});
