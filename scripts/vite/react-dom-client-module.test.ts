import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseAst } from "vite";
import { expect, test } from "vitest";
import {
  REACT_DOM_CLIENT,
  ReactDomClientShapeError,
  reactDomClientAsModule,
} from "./react-dom-client-module.ts";

// The file as installed: an upgrade of React that changes its shape fails here first, by name.
const installed = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
    "..",
    REACT_DOM_CLIENT,
  ),
  "utf8",
);

test("the installed React DOM client becomes an ES module with imports and named exports", () => {
  const { code } = reactDomClientAsModule(installed);
  const program = parseAst(code);
  const imports = program.body
    .filter((node) => node.type === "ImportDeclaration")
    .map((node) => [node.source.value, node.specifiers.map((s) => s.type)]);
  expect(imports).toEqual([
    ["scheduler", ["ImportDefaultSpecifier"]],
    ["react", ["ImportDefaultSpecifier"]],
    ["react-dom", ["ImportDefaultSpecifier"]],
  ]);
  const exported = program.body
    .filter((node) => node.type === "ExportNamedDeclaration")
    .flatMap((node) => node.specifiers.map((s) => ("name" in s.exported ? s.exported.name : "")));
  expect(exported.sort()).toEqual(["createRoot", "hydrateRoot", "version"]);
  expect(code).not.toMatch(/\brequire\(|\bexports\.|\bmodule\.exports\b/);
});

test("the conversion changes nothing but the requires and the exports", () => {
  const { code } = reactDomClientAsModule(installed);
  const rest = (text: string) =>
    text
      .replace(/var Scheduler = require[\s\S]*?require\("react-dom"\);/, "<imports>")
      .replace(/import Scheduler[\s\S]*?from "react-dom";/, "<imports>")
      .replace(/^(?:exports\.(\w+)|const (\w+)\$export) = /gm, "<export $1$2> = ")
      .replace(/\nexport \{[^}]*\};\n$/, "");
  expect(rest(code)).toBe(rest(installed));
});

test("its source map points back into the installed file", () => {
  const { map } = reactDomClientAsModule(installed);
  expect(JSON.parse(map)).toMatchObject({ sources: [REACT_DOM_CLIENT] });
});

test.each([
  [
    "the requires are written differently",
    installed.replace('require("scheduler")', 'require("scheduler/index.js")'),
  ],
  [
    "hydrateRoot is no longer exported as before",
    installed.replace("exports.hydrateRoot = ", "exports.hydrate = "),
  ],
  ["another CommonJS require is left", `${installed}\nvar extra = require("react-dom/server");\n`],
  ["module.exports is used", `${installed}\nmodule.exports.extra = 1;\n`],
])("fails loudly, naming the file, when %s", (_case, changed) => {
  expect(() => reactDomClientAsModule(changed)).toThrow(ReactDomClientShapeError);
  expect(() => reactDomClientAsModule(changed)).toThrow(REACT_DOM_CLIENT);
});
