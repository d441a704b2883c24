import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "../app/lib/locale.ts";
import { concretePaths, PAGES } from "../app/lib/pages.ts";
import {
  createFakeBuild,
  type FakeBuild,
  HOME_SCRIPTS,
} from "../server/test-support/fake-build.ts";
import { hydrationDataOfPage, PARKED_MODULE_TYPE } from "./defer-hydration.ts";
import {
  ANALYTICS_CHUNK_BUDGET_BYTES,
  checkAnalyticsChunk,
  checkEagerCompileHints,
  checkFirstLoad,
  checkNoOutlinedBoundaries,
  checkStylesheet,
  checkVitalsChunk,
  computeCspHashes,
  cspHash,
  extractInlineScripts,
  FIRST_LOAD_BUDGET,
  firstSelector,
  hydrationDataUrl,
  InlineScriptError,
  minifyInlineScriptsOf,
  renderRobots,
  renderSitemap,
  runPostbuild,
  sitemapUrls,
  VITALS_CHUNK_BUDGET_BYTES,
} from "./postbuild-lib.ts";

const ORIGIN = "https://www.beyondbudget.app";

describe("minifyInlineScriptsOf", () => {
  const squeeze = (text: string) => text.replaceAll(" ", "");

  test("replaces the text of classic inline scripts only", () => {
    const html =
      '<script>a ( 1 )</script><script type="application/ld+json">{ "a" : 1 }</script>' +
      '<script type="module">import "/a.js" ;</script><script src="/b.js"></script><p>c ( 2 )</p>';
    expect(minifyInlineScriptsOf(html, squeeze)).toBe(
      '<script>a(1)</script><script type="application/ld+json">{ "a" : 1 }</script>' +
        '<script type="module">import "/a.js" ;</script><script src="/b.js"></script><p>c ( 2 )</p>',
    );
  });

  test("keeps a script the minifier cannot read, or could not shorten", () => {
    const html = "<script>if (</script><script>ok()</script>";
    expect(minifyInlineScriptsOf(html, () => null)).toBe(html);
    expect(minifyInlineScriptsOf(html, (text) => `${text} `)).toBe(html);
  });

  test("keeps a script whose minified text would end it early in the HTML parser", () => {
    const html = '<script>write ( "<\\/script>" )</script>';
    expect(minifyInlineScriptsOf(html, () => 'write("</script>")')).toBe(html);
  });
});

describe("extractInlineScripts", () => {
  test.each([
    ["an inline script", "<script>one()</script>", ["one()"]],
    ["skips a script with src", '<script src="/a.js"></script><script>two()</script>', ["two()"]],
    ["skips a bare src attribute", "<script src>ignored()</script>", []],
    ["keeps data-src scripts", '<script data-src="x">three()</script>', ["three()"]],
    ["a > inside a quoted attribute", "<script data-x='a>b'>four()</script>", ["four()"]],
    ["module scripts", '<script type="module">import "/a.js";</script>', ['import "/a.js";']],
    ["upper-case tags", "<SCRIPT>five()</SCRIPT >", ["five()"]],
    ["empty scripts", "<script></script>", [""]],
    ["CRLF and CR become LF", "<script>a\r\nb\rc</script>", ["a\nb\nc"]],
    ["skips comments", "<!-- <script>no()</script> --><script>six()</script>", ["six()"]],
    ["ignores look-alike tags", "<scripts>x</scripts><noscript>y</noscript>", []],
    ["several in order", "<script>a()</script><p></p><script>b()</script>", ["a()", "b()"]],
  ])("%s", (_name, html, expected) => {
    expect(extractInlineScripts(html)).toEqual(expected);
  });

  test.each([
    ["a script that is never closed", "<script>never()"],
    ["an opening tag that never ends", '<script data-x="oops>'],
  ])("throws on %s", (_name, html) => {
    expect(() => extractInlineScripts(html)).toThrow(InlineScriptError);
  });
});

describe("cspHash", () => {
  test("is the base64 sha256 of the UTF-8 text, quoted as a CSP source", () => {
    expect(cspHash("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    const text = "console.log('héllo ✓')";
    const expected = createHash("sha256").update(Buffer.from(text, "utf8")).digest("base64");
    expect(cspHash(text)).toBe(`'sha256-${expected}'`);
  });
});

describe("sitemap and robots", () => {
  const indexablePaths = PAGES.filter((page) => page.isInSitemap).flatMap((page) =>
    concretePaths(page),
  );

  test("lists every indexable page in every locale, and nothing else", () => {
    const locs = sitemapUrls(ORIGIN).map((url) => url.loc);
    expect(locs).toHaveLength(indexablePaths.length * LOCALES.length);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/de`);
    expect(locs).toContain(`${ORIGIN}/fr/pricing`);
    expect(locs).toContain(`${ORIGIN}/es/faqs/reports-in-beyond`);
    expect(locs.filter((loc) => loc.includes("step-by-step") || loc.endsWith("/xero"))).toEqual([]);
    expect(locs.filter((loc) => loc !== `${ORIGIN}/` && loc.endsWith("/"))).toEqual([]);
  });

  test("gives each URL its four language alternates plus x-default in English", () => {
    const pricing = sitemapUrls(ORIGIN).find((url) => url.loc === `${ORIGIN}/de/pricing`);
    expect(pricing?.alternates).toEqual([
      { hreflang: "en", href: `${ORIGIN}/pricing` },
      { hreflang: "de", href: `${ORIGIN}/de/pricing` },
      { hreflang: "es", href: `${ORIGIN}/es/pricing` },
      { hreflang: "fr", href: `${ORIGIN}/fr/pricing` },
      { hreflang: "x-default", href: `${ORIGIN}/pricing` },
    ]);
  });

  test("renders sitemaps.org XML with xhtml:link alternates and escaped URLs", () => {
    const xml = renderSitemap([
      { loc: `${ORIGIN}/a?b=1&c=2`, alternates: [{ hreflang: "en", href: `${ORIGIN}/a` }] },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(`<loc>${ORIGIN}/a?b=1&#38;c=2</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/a"/>`);
  });

  test("robots.txt allows everything but the API and points at the sitemap", () => {
    expect(renderRobots(ORIGIN)).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    );
  });
});

describe("postbuild on a fake build", () => {
  let fake: FakeBuild;
  let client: string;

  beforeAll(async () => {
    fake = await createFakeBuild();
    client = path.join(fake.buildDir, "client");
    await runPostbuild(fake.buildDir, ORIGIN);
  });
  afterAll(() => fake.cleanup());

  test("writes csp-hashes.json keyed by the URL path of each page", async () => {
    const hashes = JSON.parse(await readFile(path.join(fake.buildDir, "csp-hashes.json"), "utf8"));
    expect(Object.keys(hashes)).toEqual(
      expect.arrayContaining(["/", "/pricing", "/de/pricing", "/404", "/de/404", "/fr/404"]),
    );
    // Taken after the classic scripts were minified: of the page as it is served.
    const home = await readFile(path.join(client, "index.html"), "utf8");
    expect(hashes["/"]).toEqual(extractInlineScripts(home).map(cspHash));
    expect(hashes["/"]).toHaveLength(HOME_SCRIPTS.length);
    expect(hashes["/faqs/reports-in-beyond"]).toEqual([]);
    expect(hashes).not.toHaveProperty("/__spa-fallback.html");
  });

  test("minifies the pages' classic inline scripts", async () => {
    const [context] = extractInlineScripts(await readFile(path.join(client, "index.html"), "utf8"));
    expect(context?.length).toBeLessThan((HOME_SCRIPTS[0] ?? "").length);
    expect(new Function(`const window = {}; ${context}; return window;`)()).toEqual({
      __reactRouterContext: { basename: "/", isSpaMode: false },
    });
  });

  test("writes sitemap.xml and robots.txt into the client directory", async () => {
    expect(await readFile(path.join(client, "sitemap.xml"), "utf8")).toContain(
      `<loc>${ORIGIN}/de</loc>`,
    );
    expect(await readFile(path.join(client, "robots.txt"), "utf8")).toContain("Disallow: /api/");
  });

  test.each([
    "index.html",
    "de/404/index.html",
    "assets/entry.client-abc123.js",
    "assets/global-def456.css",
    "pricing.data",
    "favicon.svg",
    "sitemap.xml",
  ])("precompresses %s with brotli and gzip", async (relative) => {
    const original = await readFile(path.join(client, relative));
    const br = await readFile(path.join(client, `${relative}.br`));
    const gz = await readFile(path.join(client, `${relative}.gz`));
    expect(br.length).toBeLessThan(original.length);
    expect(gz.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
  });

  test.each([
    ["a binary font", "assets/inter-789.woff2.br"],
    ["a video", "media/tour.mp4.gz"],
    ["a source map", "assets/entry.client-abc123.js.map.br"],
    ["a file gzip cannot shrink", "_root.data.gz"],
    ["a private file", "__spa-fallback.html.br"],
  ])("does not write a compressed copy of %s", (_name, relative) => {
    expect(existsSync(path.join(client, relative))).toBe(false);
  });
});

describe("computeCspHashes failures", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "beyond-csp-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test("fails when there is no HTML at all", async () => {
    await expect(computeCspHashes(dir)).rejects.toThrow(/No HTML files/);
  });

  test("fails and names the page when an inline script cannot be hashed", async () => {
    await mkdir(path.join(dir, "broken"), { recursive: true });
    await writeFile(path.join(dir, "index.html"), "<script>ok()</script>");
    await writeFile(path.join(dir, "broken", "index.html"), "<p>x</p><script>oops(");
    await expect(computeCspHashes(dir)).rejects.toThrow(/broken\/index\.html/);
  });
});

describe("the analytics chunk's budget", () => {
  const gz = (entries: [string, number][]) => new Map(entries);
  test("a chunk within budget passes and reports its size", () => {
    expect(
      checkAnalyticsChunk(
        gz([
          ["analytics-sdk-ComuV8vy.js.gz", 28_525],
          ["entry.client-x.js.gz", 90_000],
        ]),
      ),
    ).toBe(28_525);
  });
  test("the chunk the SDK weighs without the swap (about 65 KB) fails the build", () => {
    expect(() => checkAnalyticsChunk(gz([["analytics-sdk-ComuV8vy.js.gz", 65_000]]))).toThrow(
      /over its 32768-byte budget/,
    );
    expect(ANALYTICS_CHUNK_BUDGET_BYTES).toBeLessThan(65_000);
  });
  test("a missing chunk fails the build", () => {
    expect(() => checkAnalyticsChunk(gz([["entry.client-x.js.gz", 1]]))).toThrow(/found 0/);
  });
});

describe("the speed report's chunk", () => {
  const sizes = new Map([
    ["web-vitals-report-Bx1.js.gz", 4_000],
    ["entry.client-x.js.gz", 90_000],
  ]);
  const page = '<link rel="modulepreload" href="/assets/entry.client-x.js"/>';
  const pages = new Map([["index.html", page]]);
  const scripts = new Map([["index.html", ["/assets/entry.client-x.js"]]]);

  test("within its budget and in no page's first load, it passes and reports its size", () => {
    expect(checkVitalsChunk(sizes, pages, scripts)).toBe(4_000);
  });
  test("over its budget, the build fails", () => {
    const heavy = new Map([["web-vitals-report-Bx1.js.gz", VITALS_CHUNK_BUDGET_BYTES + 1]]);
    expect(() => checkVitalsChunk(heavy, pages, scripts)).toThrow(/over its 4096-byte budget/);
  });
  test("a page that preloads it, or whose boot script starts with it, fails the build", () => {
    const preloading = new Map([
      ["index.html", page],
      [
        "de/pricing/index.html",
        `${page}<link rel="modulepreload" href="/assets/web-vitals-report-Bx1.js"/>`,
      ],
    ]);
    expect(() => checkVitalsChunk(sizes, preloading, scripts)).toThrow(
      /web-vitals-report-Bx1\.js is in the first load of de\/pricing\/index\.html/,
    );
    const starting = new Map([
      ["fr/index.html", ["/assets/entry.client-x.js", "/assets/web-vitals-report-Bx1.js"]],
    ]);
    expect(() => checkVitalsChunk(sizes, pages, starting)).toThrow(/first load of fr\/index\.html/);
  });
  test("a missing chunk fails the build", () => {
    expect(() => checkVitalsChunk(new Map(), pages, scripts)).toThrow(/found 0/);
  });
});

describe("the first-load budget", () => {
  const sizes = new Map([
    ["/assets/react-1.js", 67_000],
    ["/assets/router-2.js", 40_000],
    ["/assets/shell-3.js", 13_000],
    ["/assets/entry.client-4.js", 400],
  ]);
  const scripts = [...sizes.keys()];

  test("pages within budget pass, and the largest is reported", () => {
    const pages = new Map([
      ["index.html", scripts],
      ["terms/index.html", scripts.slice(0, 2)],
    ]);
    expect(checkFirstLoad(pages, sizes)).toEqual({
      page: "index.html",
      scripts: 4,
      gzipBytes: 120_400,
    });
  });

  test("too many scripts fail the build, naming the page", () => {
    const many = Array.from(
      { length: FIRST_LOAD_BUDGET.scripts + 1 },
      (_, i) => `/assets/c${i}.js`,
    );
    const manySizes = new Map(many.map((script) => [script, 100]));
    expect(() => checkFirstLoad(new Map([["faqs/index.html", many]]), manySizes)).toThrow(
      new RegExp(`faqs/index.html loads ${FIRST_LOAD_BUDGET.scripts + 1} scripts`),
    );
  });

  test("too many bytes fail the build", () => {
    const heavy = new Map([...sizes, ["/assets/extra-5.js", 30_000]]);
    expect(() => checkFirstLoad(new Map([["index.html", [...heavy.keys()]]]), heavy)).toThrow(
      /over budget[\s\S]*150400 B gzip/,
    );
  });

  test("a page-scoped chunk loads on its own pages only", () => {
    const withDataFlow = new Map([...sizes, ["/assets/data-flow-Ab1_x.js", 4_000]]);
    const scripts = [...withDataFlow.keys()];
    for (const page of ["xero/index.html", "fr/xero-integration/faqs/index.html"]) {
      expect(checkFirstLoad(new Map([[page, scripts]]), withDataFlow).page).toBe(page);
    }
    for (const page of ["pricing/index.html", "de/index.html", "xero-news/index.html"]) {
      expect(() => checkFirstLoad(new Map([[page, scripts]]), withDataFlow)).toThrow(
        `${page} loads /assets/data-flow-Ab1_x.js, which only other pages need`,
      );
    }
  });

  test("the data-flow diagram is in the guide's first loads, and after the start on /xero", () => {
    const withDiagram = new Map([...sizes, ["/assets/data-flow-diagram-Cd2_y.js", 1_000]]);
    const scripts = [...withDiagram.keys()];
    for (const page of ["xero-integration/index.html", "de/xero-integration/faqs/index.html"]) {
      expect(checkFirstLoad(new Map([[page, scripts]]), withDiagram).page).toBe(page);
    }
    for (const page of ["xero/index.html", "es/xero/index.html", "index.html"]) {
      expect(() => checkFirstLoad(new Map([[page, scripts]]), withDiagram)).toThrow(
        `${page} loads /assets/data-flow-diagram-Cd2_y.js, which only other pages need`,
      );
    }
  });

  test("a chunk missing from the build fails it", () => {
    expect(() => checkFirstLoad(new Map([["index.html", ["/assets/gone-9.js"]]]), sizes)).toThrow(
      /gone-9.js, which is not in the build/,
    );
  });
});

describe("Suspense boundaries in the prerendered pages", () => {
  const OUTLINED =
    '<!--$?--><template id="B:0"></template><!--/$-->' +
    '<div hidden id="S:0"><main>Hi</main></div><script>$RC("B:0","S:0")</script>';

  test("boundaries rendered in place pass", () => {
    const pages = new Map([
      ["index.html", "<!--$--><main>Hi</main><!--/$-->"],
      ["terms/index.html", "<main>Terms</main>"],
    ]);
    expect(() => checkNoOutlinedBoundaries(pages)).not.toThrow();
  });

  test("a boundary sent apart, to be revealed by a script, fails the build, naming every such page", () => {
    const pages = new Map([
      ["index.html", OUTLINED],
      ["terms/index.html", "<main>Terms</main>"],
      ["de/index.html", '<main></main><div hidden id="S:3"><p>late</p></div>'],
    ]);
    expect(() => checkNoOutlinedBoundaries(pages)).toThrow(
      /out of place.*\n {2}index\.html\n {2}de\/index\.html$/,
    );
  });
});

/** A page with an app, in the shape React Router renders it (see defer-hydration.test.ts). */
/** A page as React Router prerenders it: preloads, the app module, the hydration stream. */
function appPage(chunks: readonly string[], entry: string): string {
  const preloads = [...chunks, entry].map((href) => `<link rel="modulepreload" href="${href}"/>`);
  return (
    `<!DOCTYPE html><html lang="en"><head><title>App</title>${preloads.join("")}</head>` +
    `<body><h1>App</h1><script type="module" async="">import "${chunks[0]}";\n` +
    `import("${entry}");</script>` +
    `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(hydrationData(chunks))});</script>` +
    "<script>window.__reactRouterContext.streamController.close();</script></body></html>"
  );
}

/** The loader data `appPage` streams: one per list of chunks. */
function hydrationData(chunks: readonly string[]): string {
  return `${JSON.stringify([{ chunks }])}\n`;
}

/** A chunk of `bytes` characters that gzip does not shrink to nothing. */
/** A first-load chunk as the build writes it: V8's compile hint first (decision 14). */
function chunk(name: string, bytes: number): string {
  return `//# allFunctionsCalledOnLoad\nexport const ${name} = ${JSON.stringify(randomChars(bytes))};\n`;
}

function randomChars(length: number): string {
  return randomBytes(Math.ceil(length / 2))
    .toString("hex")
    .slice(0, length);
}

/**
 * Runs `use` on the fake build with `files` (paths under `client/`) added, as
 * `react-router build` would have written them, and removes the build after.
 */
async function withFakeBuild<T>(
  files: Record<string, string>,
  use: (buildDir: string) => Promise<T>,
): Promise<T> {
  const build = await createFakeBuild();
  try {
    for (const [relative, content] of Object.entries(files)) {
      const target = path.join(build.buildDir, "client", relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    return await use(build.buildDir);
  } finally {
    await build.cleanup();
  }
}

const postbuild = (buildDir: string) => runPostbuild(buildDir, ORIGIN);
/** The fake build's own client entry. */
const ENTRY = "/assets/entry.client-abc123.js";
/** React DOM's renderer, which the entry imports once it has created the router. */
const RENDERER = "/assets/react-dom-client.production-ghi789.js";
/** The entry as the build writes it once pages start with it, and its renderer. */
const HINTED_ENTRY = {
  [ENTRY.slice(1)]: `${chunk("entry", 100)}await import(\`./${path.basename(RENDERER)}\`);\n`,
  [RENDERER.slice(1)]: chunk("renderer", 100),
};

describe("the whole postbuild fails the build", () => {
  test("on a page with an outlined boundary, naming it", async () => {
    const outlined = '<html><body><!--$?--><template id="B:0"></template><!--/$--></body></html>';
    await expect(withFakeBuild({ "terms/index.html": outlined }, postbuild)).rejects.toThrow(
      /out of place[\s\S]*terms\/index\.html/,
    );
  });

  test("on a page that loads more scripts than the budget before its app starts", async () => {
    // With the renderer and the entry, one more than the budget.
    const chunks = Array.from(
      { length: FIRST_LOAD_BUDGET.scripts - 1 },
      (_, i) => `/assets/c${i}.js`,
    );
    const files = {
      "heavy/index.html": appPage(chunks, ENTRY),
      ...HINTED_ENTRY,
      ...Object.fromEntries(chunks.map((script, i) => [script.slice(1), chunk(`c${i}`, 100)])),
    };
    await expect(withFakeBuild(files, postbuild)).rejects.toThrow(
      new RegExp(
        `First-load JavaScript over budget[\\s\\S]*heavy/index\\.html loads ${FIRST_LOAD_BUDGET.scripts + 1} scripts`,
      ),
    );
  });

  test("on a page whose first-load scripts weigh more than the budget", async () => {
    const files = {
      "heavy/index.html": appPage(["/assets/big-1.js"], ENTRY),
      ...HINTED_ENTRY,
      "assets/big-1.js": chunk("big", 2 * FIRST_LOAD_BUDGET.gzipBytes),
    };
    await expect(withFakeBuild(files, postbuild)).rejects.toThrow(
      /First-load JavaScript over budget[\s\S]*heavy\/index\.html loads 3 scripts/,
    );
  });

  test("not on pages within budget, whose largest it reports, on a first run and a second", async () => {
    const files = {
      "app/index.html": appPage(["/assets/one-1.js", "/assets/two-2.js"], ENTRY),
      "small/index.html": appPage(["/assets/one-1.js"], ENTRY),
      ...HINTED_ENTRY,
      "assets/one-1.js": chunk("one", 3000),
      "assets/two-2.js": chunk("two", 5000),
    };
    await withFakeBuild(files, async (buildDir) => {
      const gzipBytes = async (script: string) =>
        gzipSync(await readFile(path.join(buildDir, "client", script)), { level: 9 }).byteLength;
      const expected = {
        page: "app/index.html",
        scripts: 4,
        gzipBytes:
          (await gzipBytes("assets/one-1.js")) +
          (await gzipBytes("assets/two-2.js")) +
          (await gzipBytes(RENDERER)) +
          (await gzipBytes(ENTRY)),
      };
      expect((await postbuild(buildDir)).largestFirstLoad).toEqual(expected);
      // Pages already rewritten keep their boot script, so a second run counts the same.
      expect((await postbuild(buildDir)).largestFirstLoad).toEqual(expected);
    });
  });
});

describe("the whole postbuild moves each page's hydration data (decision 30)", () => {
  test("to the asset its boot script names, out of the page and its policy", async () => {
    const chunks = ["/assets/one-1.js"];
    const files = {
      "app/index.html": appPage(chunks, ENTRY),
      ...HINTED_ENTRY,
      "assets/one-1.js": chunk("one", 3000),
    };
    await withFakeBuild(files, async (buildDir) => {
      await postbuild(buildDir);
      const html = await readFile(path.join(buildDir, "client/app/index.html"), "utf8");
      const url = hydrationDataOfPage(html);
      expect(url).toBe(hydrationDataUrl(hydrationData(chunks)));
      expect(url).toMatch(/^\/assets\/hydration-[\w-]{10}\.data$/);
      const file = path.join(buildDir, "client", url ?? "");
      expect(await readFile(file, "utf8")).toBe(hydrationData(chunks));
      expect(html).not.toMatch(/streamController\.(enqueue|close)\(/);
      const policy = JSON.parse(await readFile(path.join(buildDir, "csp-hashes.json"), "utf8"));
      expect(policy["/app"]).toEqual(extractInlineScripts(html).map(cspHash));
    });
  });
});

describe("a build that skips patches (BUILD_SKIP_PATCHES), to be measured", () => {
  test("keeps React Router's scripts when defer-hydration is skipped, and only reports the budget", async () => {
    const page = appPage(["/assets/big-1.js"], ENTRY);
    const files = {
      "heavy/index.html": page,
      ...HINTED_ENTRY,
      "assets/big-1.js": chunk("big", 2 * FIRST_LOAD_BUDGET.gzipBytes),
    };
    await withFakeBuild(files, async (buildDir) => {
      const summary = await runPostbuild(buildDir, ORIGIN, undefined, new Set(["defer-hydration"]));
      expect(summary.skippedPatches).toEqual(["defer-hydration"]);
      // The page as React Router rendered it: its preloads and its app module, not parked.
      const html = await readFile(path.join(buildDir, "client/heavy/index.html"), "utf8");
      expect(html).toContain('<link rel="modulepreload" href="/assets/big-1.js"/>');
      expect(html).not.toContain(PARKED_MODULE_TYPE);
      expect(html).toContain("window.__reactRouterContext.streamController.enqueue(");
      // Over the budget, reported rather than failed: the entry and the preloaded chunk.
      expect(summary.largestFirstLoad).toMatchObject({ page: "heavy/index.html", scripts: 2 });
      expect(summary.largestFirstLoad.gzipBytes).toBeGreaterThan(FIRST_LOAD_BUDGET.gzipBytes);
    });
  });
});

describe("compile hints on the scripts pages start with (decision 14)", () => {
  const hint = "//# allFunctionsCalledOnLoad";
  const firstLoad = new Set(["/assets/react-1.js", "/assets/manifest-0a1b2c3d.js"]);

  test("passes when exactly the first-load scripts carry it (the route manifest aside)", () => {
    const lines = new Map([
      ["/assets/react-1.js", hint],
      ["/assets/manifest-0a1b2c3d.js", "window.__reactRouterManifest={}"],
      ["/assets/live-form-2.js", 'import{a}from"./a.js"'],
    ]);
    expect(() => checkEagerCompileHints(firstLoad, lines)).not.toThrow();
  });

  test("fails on a first-load script without it, or below Vite's dependency table", () => {
    const lines = new Map([["/assets/react-1.js", "const __vite__mapDeps=(i)=>i;"]]);
    expect(() => checkEagerCompileHints(firstLoad, lines)).toThrow(
      /react-1\.js: pages start with it, but it has no compile hint/,
    );
  });

  test("fails on a lazily loaded script that carries it", () => {
    const lines = new Map([
      ["/assets/react-1.js", hint],
      ["/assets/live-form-2.js", hint],
    ]);
    expect(() => checkEagerCompileHints(firstLoad, lines)).toThrow(
      /live-form-2\.js: no page starts with it, but it has the compile hint/,
    );
  });
});

describe("the one stylesheet (decision 13)", () => {
  const css = ".field{display:flex}:root{--font-sans:x}.faq-page{margin:0}.section{padding:0}";
  const page = (href: string) => `<head><link rel="stylesheet" href="${href}"/></head>`;
  const pages = new Map([
    ["index.html", page("/assets/style-1.css")],
    ["pricing/index.html", page("/assets/style-1.css")],
  ]);
  const stylesheets = new Map([["/assets/style-1.css", css]]);

  test("passes pages that share one stylesheet, global.css before the components", () => {
    expect(() => checkStylesheet(pages, stylesheets, [".faq-page", ".section"])).not.toThrow();
  });

  test("reads an unminified stylesheet too (BUNDLE_NO_MINIFY=1)", () => {
    const loose = new Map([
      ["/assets/style-1.css", ".field {\n}\n:root {\n  --font-sans: x;\n}\n.faq-page,\n.x {\n}"],
    ]);
    expect(() => checkStylesheet(pages, loose, [".faq-page"])).not.toThrow();
    expect(() => checkStylesheet(pages, loose, [".faq"])).toThrow(/no rule "\.faq\{"/);
  });

  test("fails when a component's rules come before global.css", () => {
    const late = new Map([["/assets/style-1.css", `.faq-page{margin:0}${css}`]]);
    expect(() => checkStylesheet(pages, late, [".faq-page"])).toThrow(
      /"\.faq-page" comes before global\.css/,
    );
  });

  test("fails on a page with a second stylesheet or none, naming it", () => {
    const split = new Map([
      ...pages,
      ["faqs/index.html", `${page("/assets/style-1.css")}${page("/assets/faqs-2.css")}`],
      ["terms/index.html", "<head></head>"],
    ]);
    expect(() => checkStylesheet(split, stylesheets, [])).toThrow(
      /faqs\/index\.html links 2 stylesheets[\s\S]*terms\/index\.html links 0 stylesheets/,
    );
  });

  test("fails when pages link different stylesheets, or a component rule is missing", () => {
    const other = new Map([...pages, ["faqs/index.html", page("/assets/style-2.css")]]);
    const both = new Map([...stylesheets, ["/assets/style-2.css", css]]);
    expect(() => checkStylesheet(other, both, [".gone"])).toThrow(
      /pages link different stylesheets[\s\S]*no rule "\.gone\{"/,
    );
  });

  test("firstSelector reads a source stylesheet's first rule past comments and at-rules", () => {
    expect(firstSelector("/* a { b } */\n@import url(x.css);\n.faq-page,\n.other {\n}")).toBe(
      ".faq-page",
    );
    expect(firstSelector("/* only a comment */")).toBeUndefined();
  });
});
