import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  BOOT_SCRIPT,
  bootScripts,
  deferHydration,
  entryOfPage,
  HYDRATION_DATA_RETRIES,
  HydrationScriptError,
  hydrationDataOfPage,
  LAID_OUT_LATER,
  moveHydrationData,
  PARKED_MODULE_ID,
  PARKED_MODULE_TYPE,
  rendererOfEntry,
  WHOLE_PAGE_ATTRIBUTE,
} from "./defer-hydration.ts";
import { extractInlineScripts } from "./postbuild-lib.ts";

/** The shape React Router 8's `<Scripts />` renders into a prerendered page. */
const APP_MODULE_TEXT = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-3.js");`;

const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-3.js"/>' +
  '<link rel="modulepreload" href="/assets/jsx-runtime-4.js"/>' +
  '<link rel="modulepreload" href="/assets/root-2.js"/>' +
  '<link rel="modulepreload" href="/assets/utils-5.js"/>' +
  '<link rel="stylesheet" href="/assets/global.css"/></head><body><h1>Hi</h1>' +
  "<script>window.__reactRouterContext = {};</script>" +
  `<script type="module" async="">${APP_MODULE_TEXT}</script>` +
  '<script>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

const RENDERER = "/assets/react-dom-client.production-6.js";

describe("deferHydration", () => {
  const deferred = deferHydration(PAGE, RENDERER);

  test("removes the modulepreload links and keeps other links", () => {
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/global.css"/>');
  });

  test("parks the app module, text unchanged, under a type the browser does not run", () => {
    expect(deferred).not.toContain('type="module"');
    expect(deferred).toContain(
      `<script type="${PARKED_MODULE_TYPE}" id="${PARKED_MODULE_ID}">${APP_MODULE_TEXT}</script>`,
    );
  });

  test("hands the entry and every other preloaded chunk to the boot script after the parked module", () => {
    const chunks = [
      "/assets/manifest-1.js",
      "/assets/jsx-runtime-4.js",
      "/assets/root-2.js",
      "/assets/utils-5.js",
    ];
    const boot =
      `<script data-entry="/assets/entry.client-3.js" data-renderer="${RENDERER}" ` +
      `data-chunks="${JSON.stringify(chunks).replace(/"/g, "&quot;")}">`;
    expect(deferred).toContain(`${boot}${BOOT_SCRIPT}</script>`);
    expect(deferred.indexOf(PARKED_MODULE_ID)).toBeLessThan(deferred.indexOf(boot));
  });

  test("keeps every other inline script in order, so the CSP hashes cover the module text", () => {
    expect(extractInlineScripts(deferred)).toEqual([
      "window.__reactRouterContext = {};",
      APP_MODULE_TEXT,
      BOOT_SCRIPT,
      'window.__reactRouterContext.streamController.enqueue("[]");',
    ]);
  });

  test("is idempotent", () => {
    expect(deferHydration(deferred)).toBe(deferred);
  });

  test("leaves a page without any app alone", () => {
    const plain = "<html><body><script>one()</script></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });

  test("refuses an app module without an entry import", () => {
    const noEntry = PAGE.replace('import("/assets/entry.client-3.js");', "");
    expect(() => deferHydration(noEntry)).toThrow(/no entry/);
  });

  test("refuses preloads without an app module, and two app modules", () => {
    const preloadOnly = '<link rel="modulepreload" href="/a.js"/><p>x</p>';
    expect(() => deferHydration(preloadOnly)).toThrow(HydrationScriptError);
    const twice = PAGE.replace("</body>", `<script type="module" async="">x</script></body>`);
    expect(() => deferHydration(twice)).toThrow(/2 app modules/);
  });
});

describe("bootScripts", () => {
  test("lists the chunks the boot script imports, then the renderer and the entry", () => {
    expect(bootScripts(deferHydration(PAGE, RENDERER))).toEqual([
      "/assets/manifest-1.js",
      "/assets/jsx-runtime-4.js",
      "/assets/root-2.js",
      "/assets/utils-5.js",
      RENDERER,
      "/assets/entry.client-3.js",
    ]);
  });

  test("an app without a renderer of its own starts with the others", () => {
    expect(bootScripts(deferHydration(PAGE))).toHaveLength(5);
  });

  test("a page without an app loads no scripts", () => {
    expect(bootScripts("<html><body><h1>Hi</h1></body></html>")).toEqual([]);
  });
});

describe("moveHydrationData (decision 30)", () => {
  // React Router's `<Scripts />`: the stream's parts as JSON strings, `<` escaped, then its end.
  const streamed = PAGE.replace(
    "</body>",
    '<script>window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"a\\u003cb\\"]\\n");</script>' +
      '<script>window.__reactRouterContext.streamController.enqueue("P1:[3]\\n");</script>' +
      "<script>window.__reactRouterContext.streamController.close();</script></body>",
  ).replace('<script>window.__reactRouterContext.streamController.enqueue("[]");</script>', "");
  const deferred = deferHydration(streamed, RENDERER);
  const urlFor = (data: string) => `/assets/hydration-${data.length}.data`;
  const moved = moveHydrationData(deferred, urlFor);

  test("takes the stream's parts out of the page, in order and unescaped, as one text", () => {
    expect(moved.data).toBe('[{"_1":2},"a<b"]\nP1:[3]\n');
    expect(moved.html).not.toContain("streamController.enqueue");
    expect(moved.html).not.toContain("streamController.close");
    expect(extractInlineScripts(moved.html)).toEqual([
      "window.__reactRouterContext = {};",
      APP_MODULE_TEXT,
      BOOT_SCRIPT,
    ]);
  });

  test("names the data's URL on the boot script, which still lists the same scripts", () => {
    expect(hydrationDataOfPage(moved.html)).toBe(urlFor(moved.data ?? ""));
    expect(hydrationDataOfPage(deferred)).toBeNull();
    expect(bootScripts(moved.html)).toEqual(bootScripts(deferred));
  });

  test("the boot script fetches it as the start begins, and asks again when it did not arrive", () => {
    expect(BOOT_SCRIPT).toContain(
      `if (boot.dataset.hydration) loadHydrationData(boot.dataset.hydration, ${HYDRATION_DATA_RETRIES});`,
    );
    expect(BOOT_SCRIPT.indexOf("loadHydrationData(boot.dataset.hydration")).toBeLessThan(
      BOOT_SCRIPT.indexOf("const preloads"),
    );
  });

  test("is idempotent, and leaves a page without an app alone", () => {
    expect(moveHydrationData(moved.html, urlFor)).toEqual({ html: moved.html, data: null });
    const plain = "<html><body><script>one()</script></body></html>";
    expect(moveHydrationData(plain, urlFor)).toEqual({ html: plain, data: null });
  });

  test("refuses a stream it cannot read whole", () => {
    const unended = deferHydration(
      streamed.replace(
        "<script>window.__reactRouterContext.streamController.close();</script>",
        "",
      ),
      RENDERER,
    );
    expect(() => moveHydrationData(unended, urlFor)).toThrow(/2 parts and 0 ends/);
    const endedEarly = deferHydration(
      PAGE.replace(
        "<script>window.__reactRouterContext = {};</script>",
        "<script>window.__reactRouterContext = {};</script>" +
          "<script>window.__reactRouterContext.streamController.close();</script>",
      ),
      RENDERER,
    );
    expect(() => moveHydrationData(endedEarly, urlFor)).toThrow(/ends before its last part/);
    const notText = deferred.replace('enqueue("P1:[3]\\n")', 'enqueue("P1:[3]\\n", 1)');
    expect(() => moveHydrationData(notText, urlFor)).toThrow(/unknown shape/);
    const leftOver = moved.html.replace(
      "</body>",
      '<script>window.__reactRouterContext.streamController.enqueue("[]");</script></body>',
    );
    expect(() => moveHydrationData(leftOver, urlFor)).toThrow(HydrationScriptError);
    const withoutApp =
      '<html><body><script>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';
    expect(() => moveHydrationData(withoutApp, urlFor)).toThrow(/without an app/);
  });
});

describe("what the first render leaves out (decision 15)", () => {
  const css = readFileSync(path.resolve("app/styles/global.css"), "utf8");

  test("global.css skips, off screen, exactly what the boot script lays out later", () => {
    const rule = css.match(/:root:not\(\[([\w-]+)\]\)\s*:is\(([\s\S]*?)\)\s*\{([^}]*)\}/);
    expect(rule?.[1]).toBe(WHOLE_PAGE_ATTRIBUTE);
    expect(rule?.[2]?.replace(/\s+/g, " ").trim()).toBe(LAID_OUT_LATER);
    expect(rule?.[3]).toContain("content-visibility: auto");
  });

  test("the boot script lays each of them out, then sets the attribute, before the app", () => {
    expect(BOOT_SCRIPT).toContain(`document.querySelectorAll("${LAID_OUT_LATER}")`);
    expect(BOOT_SCRIPT.indexOf(WHOLE_PAGE_ATTRIBUTE)).toBeLessThan(
      BOOT_SCRIPT.indexOf("Promise.allSettled(imports).then(insertModule)"),
    );
  });
});

describe("the renderer the client entry imports (decision 22)", () => {
  const entry = "/assets/entry.client-3.js";

  test("is the one chunk the entry imports dynamically, next to the entry", () => {
    const code =
      'import{a}from"./router-1.js";await i(async()=>{let{hydrateRoot:e}=await ' +
      "import(`./react-dom-client.production-6.js`);return{hydrateRoot:e}},[]);";
    expect(rendererOfEntry(entry, code)).toBe(RENDERER);
  });

  test("fails the build when the entry imports none, or more than one", () => {
    expect(() => rendererOfEntry(entry, 'import{a}from"./router-1.js";')).toThrow(
      /imports 0 chunks dynamically/,
    );
    expect(() => rendererOfEntry(entry, 'import("./a-1.js");import("./b-2.js");')).toThrow(
      HydrationScriptError,
    );
  });

  test("the entry is read from the page's app module, before the rewrite only", () => {
    expect(entryOfPage(PAGE)).toBe(entry);
    expect(entryOfPage(deferHydration(PAGE, RENDERER))).toBeNull();
  });
});
