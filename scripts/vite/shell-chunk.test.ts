import { describe, expect, test } from "vitest";
import { isShellCandidate, shellWorthy } from "./shell-chunk.ts";

describe("isShellCandidate", () => {
  test.each([
    "/repo/app/lib/locale.ts",
    "/repo/app/hooks/use-t.ts",
    "/repo/app/browser/cookies.ts",
    "/repo/app/components/layout/header.tsx",
    "/repo/app/components/ui/smart-link.tsx",
    "/repo/node_modules/intl-messageformat/index.js",
    "\0vite/preload-helper.js",
  ])("the layout's kind of code may go to the shell: %s", (id) => {
    expect(isShellCandidate(id)).toBe(true);
  });

  test.each([
    "/repo/app/content/legal.ts",
    "/repo/app/content/landing.ts",
    "/repo/app/lib/landing/vimeo.ts",
    "/repo/app/lib/integration/data-flow.ts",
    "/repo/app/lib/referrals/submission.ts",
    "/repo/app/lib/faqs/structured-data.ts",
    "/repo/app/lib/environment.ts",
    "/repo/app/lib/analytics/analytics-setup.ts",
    "/repo/app/hooks/use-screen-images.ts",
    "/repo/app/browser/popup.ts",
    "/repo/app/components/ui/field.tsx",
    "/repo/app/components/ui/field.css",
  ])("one family's code, or the code after the start, stays out: %s", (id) => {
    expect(isShellCandidate(id)).toBe(false);
  });

  test("a page's own components never go to the shell", () => {
    expect(isShellCandidate("/repo/app/components/pricing/estimate.tsx")).toBe(false);
  });
});

describe("shellWorthy", () => {
  // root and layout, and four pages: a and b share `family`, all four share `widely`.
  const graph: Record<string, string[]> = {
    root: ["translator"],
    layout: ["header"],
    header: ["links"],
    a: ["family", "widely"],
    b: ["family", "widely"],
    c: ["widely"],
    d: ["own"],
  };
  const worthy = shellWorthy((id) => graph[id] ?? [], ["root", "layout"], ["a", "b", "c", "d"]);

  test("what the layout imports, directly or not, is worthy", () => {
    expect([...worthy]).toEqual(expect.arrayContaining(["translator", "header", "links"]));
  });

  test("what half of the pages or more import is worthy", () => {
    expect(worthy.has("widely")).toBe(true);
    expect(worthy.has("family")).toBe(true);
  });

  test("what fewer than half of the pages import is not", () => {
    expect(worthy.has("own")).toBe(false);
    const fewer = shellWorthy((id) => graph[id] ?? [], ["root"], ["a", "c", "d", "e", "f"]);
    expect(fewer.has("family")).toBe(false);
  });

  test("a cycle in the imports ends", () => {
    const cyclic: Record<string, string[]> = { root: ["x"], x: ["y"], y: ["x"] };
    expect(shellWorthy((id) => cyclic[id] ?? [], ["root"], [])).toEqual(
      new Set(["root", "x", "y"]),
    );
  });
});
