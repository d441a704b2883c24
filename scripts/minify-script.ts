import { minifySync } from "oxc-minify";
import { buildTargets } from "./vite/browser-targets.ts";

/**
 * A classic inline script's text minified for the browsers the build supports (the same
 * targets as the bundle, so no newer syntax than they parse), or null when it does not parse.
 * Top-level names stay as they are: in a classic script they are the page's globals.
 * Identical texts (the head's script is the same on every page) are minified once.
 */
export function inlineScriptMinifier(): (text: string) => string | null {
  const target = buildTargets();
  const done = new Map<string, string | null>();
  return (text) => {
    let minified = done.get(text);
    if (minified === undefined) {
      const result = minifySync("inline.js", text, {
        module: false,
        compress: { target },
        mangle: { toplevel: false },
        codegen: { removeWhitespace: true },
      });
      minified = result.errors.length > 0 ? null : result.code.trimEnd();
      done.set(text, minified);
    }
    return minified;
  };
}
