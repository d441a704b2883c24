import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  ROUTER_DOM_MODULE,
  RouterModuleChangedError,
  UNUSED_ROUTER_COMPONENTS,
  withoutUnusedRouterComponents,
} from "./router-link-components-dropped.ts";

const installed = readFileSync(path.resolve("node_modules", ROUTER_DOM_MODULE), "utf8");

test("the installed React Router's link and form components are left for the bundler to drop", () => {
  const result = withoutUnusedRouterComponents(installed);
  for (const name of UNUSED_ROUTER_COMPONENTS) {
    expect(result).toMatch(
      new RegExp(`^const ${name} = /\\* @__PURE__ \\*/ React\\$?\\d*\\.forwardRef\\(`, "m"),
    );
    expect(result).not.toMatch(new RegExp(`^${name}\\.displayName`, "m"));
  }
  // Everything else stays as it was: only the six statements changed.
  expect(result.split("\n").length).toBe(
    installed.split("\n").length - UNUSED_ROUTER_COMPONENTS.length,
  );
  expect(result).toContain('ScrollRestoration.displayName = "ScrollRestoration";');
});

test("a React Router whose module has changed fails the build instead of shipping the bytes", () => {
  const renamed = installed.replace("const Link = ", "const LinkComponent = ");
  expect(() => withoutUnusedRouterComponents(renamed)).toThrow(RouterModuleChangedError);
  const named = installed.replace('Form.displayName = "Form";\n', "");
  expect(() => withoutUnusedRouterComponents(named)).toThrow(/Form\.displayName/);
});
