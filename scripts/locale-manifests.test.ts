import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  manifestForLocale,
  parseRouteManifest,
  type RouteManifest,
  serializeRouteManifest,
  splitRouteManifests,
} from "./locale-manifests.ts";

function route(id: string, parentId?: string, extra: object = {}) {
  return { id, ...(parentId ? { parentId } : {}), module: `/assets/${id}.js`, ...extra };
}

/** A manifest in the shape of React Router's, two locales of app/routes.ts. */
function sampleManifest(): RouteManifest {
  return {
    entry: { module: "/assets/entry.client.js", imports: [], css: [] },
    routes: {
      root: route("root", undefined, { path: "" }),
      "en-layout": route("en-layout", "root"),
      "en-home": route("en-home", "en-layout", { index: true }),
      "en-pricing": route("en-pricing", "en-layout", { path: "pricing" }),
      "de-layout": route("de-layout", "root", { path: "de" }),
      "de-home": route("de-home", "de-layout", { index: true }),
      "de-pricing": route("de-pricing", "de-layout", { path: "pricing" }),
    },
    url: "/assets/manifest-0123abcd.js",
    version: "0123abcd",
  };
}

describe("parseRouteManifest", () => {
  test("reads React Router's file back", () => {
    const manifest = sampleManifest();
    expect(parseRouteManifest(`${serializeRouteManifest(manifest)}\n`)).toEqual(manifest);
  });

  test.each([
    ["another global", 'window.__otherManifest={"routes":{}};'],
    ["no routes", 'window.__reactRouterManifest={"url":"/a.js","version":"1"};'],
    [
      "no root route",
      'window.__reactRouterManifest={"routes":{"x":{"id":"x","parentId":"y"}},"url":"/a.js","version":"1"};',
    ],
    [
      "a route without its parent",
      'window.__reactRouterManifest={"routes":{"root":{"id":"root"},"x":{"id":"x"}},"url":"/a.js","version":"1"};',
    ],
  ])("fails loudly on %s", (_, code) => {
    expect(() => parseRouteManifest(code)).toThrow(/React Router's manifest/);
  });
});

describe("manifestForLocale", () => {
  test("keeps the root and the locale's own routes, under its own name", () => {
    const german = manifestForLocale(sampleManifest(), "de", "/assets/manifest-feedbeef.js");
    expect(Object.keys(german.routes)).toEqual(["root", "de-layout", "de-home", "de-pricing"]);
    expect(german.url).toBe("/assets/manifest-feedbeef.js");
    expect(german.version).toBe("0123abcd");
    expect(german.entry).toEqual(sampleManifest().entry);
  });

  test("fails loudly on a route under no locale's layout", () => {
    const manifest = sampleManifest();
    manifest.routes.stray = route("stray", "root");
    expect(() => manifestForLocale(manifest, "en", "/assets/manifest-1.js")).toThrow(
      /"stray" is under no locale's layout/,
    );
  });
});

describe("splitRouteManifests", () => {
  let dir = "";
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("points each page at its own locale's manifest and leaves the fallback whole", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "locale-manifests-"));
    await mkdir(path.join(dir, "assets"));
    const original = "/assets/manifest-0123abcd.js";
    await writeFile(path.join(dir, original), serializeRouteManifest(sampleManifest()));
    const page = `<script type="module">import "${original}";</script><script data-chunks="[&quot;${original}&quot;]"></script>`;
    const pages = new Map([
      ["index.html", page],
      ["de/pricing/index.html", page],
      ["404/index.html", page],
      ["__spa-fallback.html", page],
      ["xero-integration/step-by-step/index.html", "<p>Redirecting</p>"],
    ]);

    const rewritten = await splitRouteManifests(dir, pages);

    const nameIn = (html = "") => {
      const names = new Set(html.match(/\/assets\/manifest-[0-9a-f]+\.js/g));
      expect(names.size).toBe(1);
      return [...names][0] ?? "";
    };
    const english = nameIn(rewritten.get("index.html"));
    const german = nameIn(rewritten.get("de/pricing/index.html"));
    expect(new Set([english, german, original]).size).toBe(3);
    expect(nameIn(rewritten.get("404/index.html"))).toBe(english);
    expect(rewritten.get("__spa-fallback.html")).toBe(page);
    expect(rewritten.get("xero-integration/step-by-step/index.html")).toBe("<p>Redirecting</p>");

    const read = async (url: string) =>
      parseRouteManifest(await readFile(path.join(dir, url), "utf8"));
    expect(Object.keys((await read(english)).routes)).toEqual([
      "root",
      "en-layout",
      "en-home",
      "en-pricing",
    ]);
    expect((await read(german)).url).toBe(german);
    // A locale without routes (the pseudo-locale build has English only) gets no file.
    expect((await readdir(path.join(dir, "assets"))).length).toBe(3);
  });

  test("names a manifest after all of it, so that a new entry is a new file", async () => {
    const manifestNamed = async (entryModule: string) => {
      dir = await mkdtemp(path.join(tmpdir(), "locale-manifests-"));
      await mkdir(path.join(dir, "assets"));
      const original = "/assets/manifest-0123abcd.js";
      const manifest = { ...sampleManifest(), entry: { module: entryModule, imports: [] } };
      await writeFile(path.join(dir, original), serializeRouteManifest(manifest));
      const pages = new Map([["index.html", `import "${original}";`]]);
      const html = (await splitRouteManifests(dir, pages)).get("index.html") ?? "";
      await rm(dir, { recursive: true, force: true });
      return html;
    };
    const before = await manifestNamed("/assets/entry.client-1.js");
    expect(await manifestNamed("/assets/entry.client-1.js")).toBe(before);
    expect(await manifestNamed("/assets/entry.client-2.js")).not.toBe(before);
  });

  test("fails loudly when the pages name more than one manifest", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "locale-manifests-"));
    const pages = new Map([
      ["index.html", 'import "/assets/manifest-00000001.js";'],
      ["de/index.html", 'import "/assets/manifest-00000002.js";'],
    ]);
    await expect(splitRouteManifests(dir, pages)).rejects.toThrow(/2 route manifests/);
  });
});
