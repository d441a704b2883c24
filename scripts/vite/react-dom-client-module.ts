import MagicString from "magic-string";
import { type Plugin, parseSync } from "vite";
import { PATCHES, PatchTargetChangedError } from "../patches.ts";

/** React DOM's browser renderer, production build: what `react-dom/client` loads. */
export const REACT_DOM_CLIENT = "react-dom/cjs/react-dom-client.production.js";

/**
 * The three packages the file requires, exactly as React 19 writes them. Each becomes a
 * default import, which gives the module's `module.exports`, as `require` did.
 */
const REQUIRES =
  /var Scheduler = require\("scheduler"\),\s*React = require\("react"\),\s*ReactDOM = require\("react-dom"\);/;
const IMPORTS = [
  'import Scheduler from "scheduler";',
  'import React from "react";',
  'import ReactDOM from "react-dom";',
].join("\n");
const EXPORT = /^exports\.(\w+) = /gm;
/** What React DOM's callers use; the conversion fails unless each is exported. */
const REQUIRED_EXPORTS = ["createRoot", "hydrateRoot", "version"];
/** What a CommonJS module could still use after the conversion, which ESM does not have. */
const COMMONJS_LEFT = /\brequire\(|\bexports\.|\bmodule\.exports\b/;

/** React DOM's file is not shaped as the conversion expects (`problem` says how). */
export class ReactDomClientShapeError extends PatchTargetChangedError {
  constructor(problem: string, version?: string) {
    super(PATCHES["react-dom-client-module"], `${REACT_DOM_CLIENT}: ${problem}`, version);
    this.name = "ReactDomClientShapeError";
  }
}

/**
 * React DOM's CommonJS file as an ES module: its three `require`s become imports and its
 * `exports.name = …` assignments named exports, and the errors it makes at module level are
 * made without a stack trace (`errorsMadeAtModuleLevel`). Nothing else changes. Fails,
 * naming what it missed, when the file is not shaped as React 19 writes it.
 */
export function reactDomClientAsModule(source: string): { code: string; map: string } {
  const code = new MagicString(source);
  const requires = REQUIRES.exec(source);
  if (!requires) throw new ReactDomClientShapeError("the requires of scheduler, react, react-dom");
  code.overwrite(requires.index, requires.index + requires[0].length, IMPORTS);
  const exported: string[] = [];
  for (const match of source.matchAll(EXPORT)) {
    const name = match[1] as string;
    exported.push(name);
    code.overwrite(match.index, match.index + match[0].length, `const ${name}$export = `);
  }
  const missing = REQUIRED_EXPORTS.filter((name) => !exported.includes(name));
  if (missing.length > 0) throw new ReactDomClientShapeError(`no export of ${missing.join(", ")}`);
  code.append(`\nexport { ${exported.map((name) => `${name}$export as ${name}`).join(", ")} };\n`);
  const errors = errorsMadeAtModuleLevel(source);
  for (const callee of errors)
    code.overwrite(callee.start, callee.end, `${ERROR_WITHOUT_STACK}(${callee.name}, `);
  if (errors.length > 0) code.append(ERROR_WITHOUT_STACK_FUNCTION);
  const converted = code.toString();
  const left = errorsMadeAtModuleLevel(converted);
  if (left.length > 0) {
    throw new ReactDomClientShapeError(
      `an error still made at module level, at offset ${left[0]?.start}`,
    );
  }
  if (COMMONJS_LEFT.test(converted.replace(IMPORTS, ""))) {
    throw new ReactDomClientShapeError("CommonJS left after the conversion");
  }
  return {
    code: converted,
    map: code.generateMap({ hires: "boundary", source: REACT_DOM_CLIENT }).toString(),
  };
}

/**
 * The error constructors whose objects V8 gives a stack trace when they are made, which is
 * what costs (below); a call of one of these names at module level is rewritten.
 */
const ERROR_CONSTRUCTORS = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "EvalError",
  "URIError",
]);
export const ERROR_WITHOUT_STACK = "errorWithoutStack$reactDomClientModule";
/**
 * React DOM makes its sentinels (`SuspenseException` and four more, "not a real error") at
 * module level and only ever compares them by identity. Made with `Error(…)` there, each
 * asks V8 for a stack trace; with a debugger attached (Lighthouse, the bench, DevTools) V8
 * then needs the line and column of the chunk's top-level code, which it keeps lazily, and
 * re-parses the whole 215 KB chunk on the main thread to get them: 10-16 ms unthrottled in
 * the chunk's first task (decision record 0018). This one makes the same object, with the
 * error's prototype and message, without asking for a stack.
 */
export const ERROR_WITHOUT_STACK_FUNCTION = `
function ${ERROR_WITHOUT_STACK}(Constructor, message) {
  var error = Object.create(Constructor.prototype);
  if (message !== undefined) {
    Object.defineProperty(error, "message", { value: String(message), writable: true, configurable: true });
  }
  return error;
}
`;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Where an error is made: the range to overwrite, and the constructor's name. */
interface ErrorCallSite {
  start: number;
  end: number;
  name: string;
}

/**
 * The callee and opening parenthesis of every `Error(` or `new Error(` (and the other error
 * constructors) that runs while the module evaluates: outside any function, or inside a
 * function called where it is written (an IIFE). Returned as the range to overwrite, from
 * the `new` or the name up to and including the `(`.
 */
export function errorsMadeAtModuleLevel(source: string): ErrorCallSite[] {
  const { program, errors } = parseSync("react-dom-client.js", source);
  if (errors.length > 0) throw new ReactDomClientShapeError("it does not parse as a module");
  const found: ErrorCallSite[] = [];
  // `invoked`: the node is what a call at module level calls, so a function there runs now.
  const visit = (node: AstNode, invoked: boolean) => {
    if (FUNCTIONS.has(node.type) && !invoked) return;
    if (node.type === "CallExpression" || node.type === "NewExpression") {
      const callee = node.callee as AstNode;
      const args = node.arguments as AstNode[];
      if (callee.type === "Identifier" && ERROR_CONSTRUCTORS.has(callee.name as string)) {
        const open = source.indexOf("(", callee.end);
        if (open === -1 || source.slice(callee.end, open).trim() !== "") {
          throw new ReactDomClientShapeError("an error made without parentheses");
        }
        if (args.length > 1) throw new ReactDomClientShapeError("an error made with options");
        found.push({ start: node.start, end: open + 1, name: callee.name as string });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (!isAstNode(child)) continue;
        const calledHere =
          (node.type === "CallExpression" && key === "callee") ||
          (node.type === "ParenthesizedExpression" && invoked);
        visit(child, calledHere);
      }
    }
  };
  visit(program as unknown as AstNode, false);
  return found;
}

/** Where `react-dom/client` resolves: the package's `client.js`. */
const CLIENT_ENTRY = /([\\/]node_modules[\\/])react-dom[\\/]client\.js$/;

function isReactDomClient(id: string): boolean {
  return id.replaceAll("\\", "/").endsWith(`/node_modules/${REACT_DOM_CLIENT}`);
}

/**
 * The bundler keeps a CommonJS module's code in a function that runs when the module is
 * first required, and V8 compiles such a function on the main thread the moment it is
 * called. For React DOM, 190 KB of it, that made the client entry's first task the longest
 * of every page's start (decision record 0014). As an ES module, its code is top-level code
 * of the `react` chunk, which the browser compiles while the chunk streams in.
 *
 * In the production browser build, `react-dom/client` resolves straight to the production
 * file (its `client.js` only picks that file and tells React DevTools it is minified), and
 * the file is converted. The build fails when the file was never converted: after an
 * upgrade that renames it, the chunk would silently go back to the slow start.
 */
export function reactDomClientModule(): Plugin {
  let converted = false;
  return {
    name: "react-dom-client-module",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) =>
      environment.name === "client" && environment.config.isProduction,
    buildStart() {
      converted = false;
    },
    async resolveId(source, importer, options) {
      if (source !== "react-dom/client") return null;
      // The package's exports map hides its cjs folder, so resolve the entry, then take
      // the file that the entry requires in production.
      const entry = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!entry || !CLIENT_ENTRY.test(entry.id)) return entry;
      return { ...entry, id: entry.id.replace(CLIENT_ENTRY, `$1${REACT_DOM_CLIENT}`) };
    },
    transform(source, id) {
      if (!isReactDomClient(id)) return null;
      converted = true;
      // A shape error is thrown as it is: the bundler must not see the file half-converted.
      return reactDomClientAsModule(source);
    },
    buildEnd(error) {
      if (!error && !converted) {
        throw new ReactDomClientShapeError(
          "the browser build never loaded it, so nothing was converted: react-dom/client resolves elsewhere",
        );
      }
    },
  };
}
