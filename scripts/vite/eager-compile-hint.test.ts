import { describe, expect, test } from "vitest";
import {
  EAGER_COMPILE_HINT,
  eagerCompileHint,
  LATER_CHUNKS,
  withEagerCompileHint,
} from "./eager-compile-hint.ts";

describe("withEagerCompileHint", () => {
  test("puts the hint on the first line, above Vite's dependency table", () => {
    const code = 'const __vite__mapDeps=(i)=>i;\nimport{a}from"./a.js";';
    expect(withEagerCompileHint(code).code).toBe(`${EAGER_COMPILE_HINT}\n${code}`);
  });

  test("shifts a source map down by the one line it adds", () => {
    expect(withEagerCompileHint("a()", { mappings: "AAAA;AACA" }).mappings).toBe(";AAAA;AACA");
  });

  test("leaves a chunk that already starts with the hint as it is", () => {
    const code = `${EAGER_COMPILE_HINT}\na()`;
    expect(withEagerCompileHint(code, { mappings: ";AAAA" })).toEqual({ code, mappings: ";AAAA" });
  });
});

describe("the plugin", () => {
  type Output =
    | { type: "chunk"; name: string; fileName: string; code: string }
    | { type: "asset"; fileName: string; source: string };

  function run(bundle: Record<string, Output>): void {
    const hook = eagerCompileHint().generateBundle as {
      order: string;
      handler: (options: unknown, bundle: Record<string, Output>) => void;
    };
    expect(hook.order).toBe("post");
    hook.handler({}, bundle);
  }

  test("hints every chunk but the later ones, and keeps their source maps in step", () => {
    const bundle: Record<string, Output> = {
      "assets/react-1.js": {
        type: "chunk",
        name: "react",
        fileName: "assets/react-1.js",
        code: "r()",
      },
      "assets/react-1.js.map": {
        type: "asset",
        fileName: "assets/react-1.js.map",
        source: JSON.stringify({ version: 3, mappings: "AAAA" }),
      },
      "assets/live-form-2.js": {
        type: "chunk",
        name: "live-form",
        fileName: "assets/live-form-2.js",
        code: "f()",
      },
    };
    run(bundle);
    expect(bundle["assets/react-1.js"]).toMatchObject({ code: `${EAGER_COMPILE_HINT}\nr()` });
    const map = bundle["assets/react-1.js.map"] as { source: string };
    expect(JSON.parse(map.source)).toEqual({ version: 3, mappings: ";AAAA" });
    expect(bundle["assets/live-form-2.js"]).toMatchObject({ code: "f()" });
  });

  test("the later chunks are the consent-gated services, the analytics SDK, the footer, the chat bubble, the later sections of the landing pages and /xero, the referral modals and forms, and the speed report", () => {
    expect([...LATER_CHUNKS].sort()).toEqual([
      "analytics-sdk",
      "analytics-setup",
      "chat",
      "chat-bubble",
      "consent-services",
      "footer",
      "later-sections",
      "live-form",
      "partner-sections",
      "referral-forms",
      "referral-modals",
      "web-vitals-report",
    ]);
  });
});
