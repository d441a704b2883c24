// @vitest-environment jsdom
import { describe, expect, test } from "vitest";
import {
  EARLY_ACTIONS_GLOBAL,
  EARLY_CAPTURE_SCRIPT,
} from "../app/lib/early-actions/capture-script.ts";
import { inlineScriptMinifier } from "./minify-script.ts";

describe("the inline scripts' minifier", () => {
  test("shortens the head's capture script, which still keeps a click before the start", () => {
    const minified = inlineScriptMinifier()(EARLY_CAPTURE_SCRIPT);
    expect(minified).not.toBeNull();
    expect(minified?.length).toBeLessThan(EARLY_CAPTURE_SCRIPT.length * 0.75);
    document.body.innerHTML = `<button type="button" id="later">Later</button>`;
    new Function(minified ?? "")();
    document.getElementById("later")?.click();
    const held = (
      window as unknown as Record<string, { actions: { type: string; key: string }[] }>
    )[EARLY_ACTIONS_GLOBAL];
    expect(held?.actions.map(({ type, key }) => [type, key])).toEqual([["click", "#later"]]);
  });

  test("leaves a classic script's top-level names alone: they are the page's globals", () => {
    const minified = inlineScriptMinifier()(
      "var pageGlobal = 1; function sharedHelper() { return pageGlobal + 1; }",
    );
    expect(minified).toContain("pageGlobal");
    expect(minified).toContain("sharedHelper");
  });

  test("answers null for a text that does not parse, so the page keeps it as it is", () => {
    expect(inlineScriptMinifier()("if (")).toBeNull();
  });
});
