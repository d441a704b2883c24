import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseSync } from "vite";
import { expect, test } from "vitest";
import {
  ERROR_WITHOUT_STACK,
  ERROR_WITHOUT_STACK_FUNCTION,
  errorsMadeAtModuleLevel,
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
  const { program } = parseSync("react-dom-client.js", code);
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

test("the conversion changes nothing but the requires, the exports and the module-level errors", () => {
  const { code } = reactDomClientAsModule(installed);
  const rest = (text: string) =>
    text
      .replace(/var Scheduler = require[\s\S]*?require\("react-dom"\);/, "<imports>")
      .replace(/import Scheduler[\s\S]*?from "react-dom";/, "<imports>")
      .replace(/^(?:exports\.(\w+)|const (\w+)\$export) = /gm, "<export $1$2> = ")
      .replace(ERROR_WITHOUT_STACK_FUNCTION, "")
      .replace(new RegExp(`${ERROR_WITHOUT_STACK.replace("$", "\\$")}\\((\\w+), `, "g"), "$1(")
      .replace(/\nexport \{[^}]*\};\n$/, "");
  expect(rest(code)).toBe(rest(installed));
});

test("React DOM's sentinels are made without a stack trace, and no other error at module level", () => {
  // React 19.3 makes five at module level (SuspenseException and its kin): if a version makes
  // none, this conversion step has nothing left to do and can go (decision record 0018).
  expect(errorsMadeAtModuleLevel(installed).length).toBeGreaterThan(0);
  const { code } = reactDomClientAsModule(installed);
  expect(errorsMadeAtModuleLevel(code)).toEqual([]);
  expect(code).toContain(
    `SuspenseException = ${ERROR_WITHOUT_STACK}(Error, formatProdErrorMessage(460))`,
  );
});

test("an error made without a stack is still an error with its message, and made once", () => {
  const errorWithoutStack = new Function(
    `${ERROR_WITHOUT_STACK_FUNCTION}\nreturn ${ERROR_WITHOUT_STACK};`,
  )() as (errorType: ErrorConstructor, message?: string) => Error;
  const sentinel = errorWithoutStack(Error, "Suspense Exception: This is not a real error!");
  expect(sentinel).toBeInstanceOf(Error);
  expect(sentinel.message).toBe("Suspense Exception: This is not a real error!");
  expect(String(sentinel)).toBe("Error: Suspense Exception: This is not a real error!");
  expect(Object.keys(sentinel)).toEqual([]);
  expect(Object.hasOwn(sentinel, "stack")).toBe(false);
  expect(errorWithoutStack(TypeError, "x")).toBeInstanceOf(TypeError);
  expect(errorWithoutStack(Error).message).toBe("");
});

test("only errors made while the module evaluates count: at top level and in functions called there", () => {
  const source = [
    'var a = Error(format(1)), b = new TypeError("b");',
    'function later() { return Error("later"); }',
    'var lazy = () => new RangeError("lazy");',
    '(function () { var c = Error("now"); })();',
    '(() => { throw new SyntaxError("now too"); })();',
    "var d = (function () { return Error; })();",
    'var e = { make() { return Error("method"); } };',
  ].join("\n");
  const found = errorsMadeAtModuleLevel(source).map(({ start, end, name }) => [
    source.slice(start, end),
    name,
  ]);
  expect(found).toEqual([
    ["Error(", "Error"],
    ["new TypeError(", "TypeError"],
    ["Error(", "Error"],
    ["new SyntaxError(", "SyntaxError"],
  ]);
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
  [
    "an error is made at module level without parentheses",
    `${installed}\nvar Extra = new Error;\n`,
  ],
  [
    "an error is made at module level with options",
    `${installed}\nvar Extra = Error("extra", { cause: 1 });\n`,
  ],
])("fails loudly, naming the file, when %s", (_case, changed) => {
  expect(() => reactDomClientAsModule(changed)).toThrow(ReactDomClientShapeError);
  expect(() => reactDomClientAsModule(changed)).toThrow(REACT_DOM_CLIENT);
});
