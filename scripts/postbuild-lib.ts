/**
 * The steps that run after `react-router build` (see scripts/postbuild.ts): CSP hashes of
 * inline scripts, sitemap, robots.txt, hydration deferred until the page has loaded, and
 * precompressed copies of text files.
 */
import { createHash } from "node:crypto";
import { open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip, gzipSync } from "node:zlib";
import { LOCALES, localizePath } from "../app/lib/locale.ts";
import { concretePaths, PAGES } from "../app/lib/pages.ts";
import { SITE } from "../app/lib/site-config.ts";
import { isTextFile, servableContentType, urlPathForFile } from "../server/file-types.ts";
import { listFiles } from "../server/list-files.ts";
import { mapLimit } from "../server/map-limit.ts";
import {
  bootScripts,
  deferHydration,
  entryOfPage,
  HydrationScriptError,
  moveHydrationData,
  rendererOfEntry,
} from "./defer-hydration.ts";
import { ROUTE_MANIFEST_PATH, splitRouteManifests } from "./locale-manifests.ts";
import { inlineScriptMinifier } from "./minify-script.ts";
import type { PatchName } from "./patches.ts";
import { EAGER_COMPILE_HINT } from "./vite/eager-compile-hint.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An inline script whose text cannot be delimited, so no hash can be computed for it. */
export class InlineScriptError extends Error {
  override name = "InlineScriptError";
}

/** Where an inline script's text is in its page, and its opening tag's attribute names. */
interface InlineScript {
  textStart: number;
  textEnd: number;
  attributes: string[];
}

/**
 * Every inline `<script>` (one without a `src` attribute) in document order, skipping HTML
 * comments. Throws InlineScriptError for an unterminated tag or script.
 */
function* inlineScripts(html: string): Generator<InlineScript> {
  const opening = /<!--|<script(?=[\s/>])/gi;
  for (let match = opening.exec(html); match !== null; match = opening.exec(html)) {
    if (match[0] === "<!--") {
      const commentEnd = html.indexOf("-->", opening.lastIndex);
      if (commentEnd === -1) break;
      opening.lastIndex = commentEnd + 3;
      continue;
    }
    const tag = readOpenTag(html, opening.lastIndex);
    if (tag === null)
      throw new InlineScriptError(`unterminated <script> tag at offset ${match.index}`);
    const closing = /<\/script[\s/>]/gi;
    closing.lastIndex = tag.end;
    const close = closing.exec(html);
    if (close === null)
      throw new InlineScriptError(`<script> at offset ${match.index} is never closed`);
    if (!tag.attributes.includes("src"))
      yield { textStart: tag.end, textEnd: close.index, attributes: tag.attributes };
    opening.lastIndex = close.index + close[0].length;
  }
}

/**
 * The text of every inline `<script>` (one without a `src` attribute) in document order,
 * exactly as the browser hashes it: the raw characters between the tags, with line breaks
 * normalised to LF as the HTML parser does. Skips HTML comments. Throws InlineScriptError
 * for an unterminated tag or script.
 */
export function extractInlineScripts(html: string): string[] {
  return [...inlineScripts(html)].map(({ textStart, textEnd }) =>
    html.slice(textStart, textEnd).replace(/\r\n?/g, "\n"),
  );
}

/**
 * The page with the text of each classic inline script (no `src` and no `type`: not the
 * parked app module, not JSON-LD) replaced by `minify`'s, where that is shorter. `minify`
 * answers null for a text it cannot minify, which then stays as it is; so does a result
 * that could end the script early in the HTML parser.
 */
export function minifyInlineScriptsOf(
  html: string,
  minify: (text: string) => string | null,
): string {
  let page = "";
  let copiedUpTo = 0;
  for (const { textStart, textEnd, attributes } of inlineScripts(html)) {
    if (attributes.includes("type")) continue;
    const text = html.slice(textStart, textEnd);
    const shorter = minify(text);
    if (shorter === null || shorter.length >= text.length || /<\/script|<!--/i.test(shorter))
      continue;
    page += html.slice(copiedUpTo, textStart) + shorter;
    copiedUpTo = textEnd;
  }
  return page + html.slice(copiedUpTo);
}

/**
 * Minifies the classic inline scripts of every HTML file under `clientDir` in place, before
 * their CSP hashes are taken. Every page's first response has to fit the first round trips
 * of a slow line (decision record 16): the head's script and the boot script are written to
 * be read, and minified they are about 600 bytes of brotli less on every page (decision
 * record 29). Returns the classic scripts' characters before and after.
 */
async function minifyInlineScriptsInPages(
  clientDir: string,
  minify: (text: string) => string | null,
): Promise<{ before: number; after: number }> {
  const htmlFiles = (await listFiles(clientDir)).filter((relative) => relative.endsWith(".html"));
  const totals = { before: 0, after: 0 };
  const classicChars = (html: string) =>
    [...inlineScripts(html)]
      .filter(({ attributes }) => !attributes.includes("type"))
      .reduce((sum, { textStart, textEnd }) => sum + textEnd - textStart, 0);
  await mapLimit(htmlFiles, 16, async (relative) => {
    const file = path.join(clientDir, relative);
    const html = await readFile(file, "utf8");
    const minified = minifyInlineScriptsOf(html, minify);
    totals.before += classicChars(html);
    totals.after += classicChars(minified);
    if (minified !== html) await writeFile(file, minified);
  });
  return totals;
}

/**
 * Reads the attributes of an opening tag from `start` (just after the tag name), following
 * the HTML tokenizer closely enough that a `>` inside a quoted value does not end the tag.
 */
function readOpenTag(html: string, start: number): { end: number; attributes: string[] } | null {
  const attributes: string[] = [];
  let i = start;
  while (i < html.length) {
    const char = html[i] as string;
    if (char === ">") return { end: i + 1, attributes };
    if (/[\s/]/.test(char)) {
      i++;
      continue;
    }
    const nameStart = i;
    do i++;
    while (i < html.length && !/[\s/>=]/.test(html[i] as string));
    attributes.push(html.slice(nameStart, i).toLowerCase());
    const valueStart = skipSpaces(html, i);
    if (html[valueStart] !== "=") continue;
    const quoteAt = skipSpaces(html, valueStart + 1);
    const quote = html[quoteAt];
    if (quote === '"' || quote === "'") {
      const closingQuote = html.indexOf(quote, quoteAt + 1);
      if (closingQuote === -1) return null;
      i = closingQuote + 1;
    } else {
      i = quoteAt;
      while (i < html.length && !/[\s>]/.test(html[i] as string)) i++;
    }
  }
  return null;
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/** The CSP source for a script's text: `'sha256-<base64>'` of its UTF-8 bytes. */
export function cspHash(scriptText: string): string {
  return `'sha256-${createHash("sha256").update(scriptText, "utf8").digest("base64")}'`;
}

/** Page URL path → CSP hash sources of that page's inline scripts (deduplicated, in order). */
export type CspHashes = Record<string, string[]>;

/**
 * Hashes the inline scripts of every servable HTML file under `clientDir`, keyed by the
 * URL path the server answers with it (`/`, `/pricing`, `/de/404`). Throws if there is no
 * HTML at all or if any file has a script that cannot be delimited (names every such file).
 */
export async function computeCspHashes(clientDir: string): Promise<CspHashes> {
  const htmlFiles = (await listFiles(clientDir)).filter(
    (relative) => relative.endsWith(".html") && servableContentType(relative) !== null,
  );
  if (htmlFiles.length === 0) throw new Error(`No HTML files found in ${clientDir}`);
  const failures: string[] = [];
  const entries = await mapLimit(htmlFiles, 16, async (relative) => {
    const html = await readFile(path.join(clientDir, relative), "utf8");
    try {
      const hashes = [...new Set(extractInlineScripts(html).map(cspHash))];
      return [urlPathForFile(relative), hashes] as [string, string[]];
    } catch (error) {
      failures.push(`${relative}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  });
  if (failures.length > 0) {
    throw new Error(`Cannot compute CSP hashes for inline scripts:\n  ${failures.join("\n  ")}`);
  }
  return Object.fromEntries(
    entries.filter((entry) => entry !== null).sort(([a], [b]) => compare(a, b)),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One `<url>` of the sitemap with its language alternates. */
export interface SitemapUrl {
  loc: string;
  alternates: { hreflang: string; href: string }[];
}

/** `https://host` + `/de/pricing`; the English home page keeps its `/`. */
function absoluteUrl(origin: string, pathname: string): string {
  return `${origin.replace(/\/+$/, "")}${pathname}`;
}

/**
 * Every indexable page in every locale as absolute URLs on `origin`, each listing all
 * locales plus `x-default` (English) as alternates, by plain language code.
 */
export function sitemapUrls(origin: string = SITE.origin): SitemapUrl[] {
  const paths = PAGES.filter((page) => page.isInSitemap).flatMap((page) => concretePaths(page));
  return paths.flatMap((pagePath) => {
    const hrefFor = (locale: (typeof LOCALES)[number]) =>
      absoluteUrl(origin, localizePath(pagePath, locale));
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: hrefFor(locale) })),
      { hreflang: "x-default", href: hrefFor("en") },
    ];
    return LOCALES.map((locale) => ({ loc: hrefFor(locale), alternates }));
  });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The sitemap XML (sitemaps.org 0.9 with `xhtml:link` alternates) for the given URLs. */
export function renderSitemap(urls: readonly SitemapUrl[]): string {
  const body = urls.map((url) => {
    const links = url.alternates.map(
      (alternate) =>
        `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
    );
    return ["  <url>", `    <loc>${escapeXml(url.loc)}</loc>`, ...links, "  </url>"].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...body,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything crawlable except the API, with the sitemap's absolute URL. */
export function renderRobots(origin: string = SITE.origin): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

/**
 * Every HTML file under `clientDir` (its path relative to it) with its text, in path order:
 * read once here for every step that checks or rewrites the prerendered pages.
 */
async function readPages(clientDir: string): Promise<Map<string, string>> {
  const htmlFiles = (await listFiles(clientDir)).filter((relative) => relative.endsWith(".html"));
  const texts = await mapLimit(htmlFiles, 16, (relative) =>
    readFile(path.join(clientDir, relative), "utf8"),
  );
  return new Map(htmlFiles.map((relative, index) => [relative, texts[index] ?? ""]));
}

/**
 * Throws, naming every such page, when React sent a Suspense boundary's content apart from
 * its place (`<!--$?-->`, a hidden `S:` segment and a script to reveal it):
 * app/entry.server.tsx renders every page whole, so such a page would show nothing of that
 * part without JavaScript.
 */
export function checkNoOutlinedBoundaries(pages: ReadonlyMap<string, string>): void {
  const outlined = [...pages]
    .filter(([, html]) => html.includes("<!--$?-->") || /<div hidden id="S:\d+"/.test(html))
    .map(([page]) => page);
  if (outlined.length > 0) {
    throw new Error(
      "A Suspense boundary was sent out of place (see app/entry.server.tsx):\n  " +
        outlined.join("\n  "),
    );
  }
}

/** Folders whose stylesheets the shell's chunk carries, ahead of global.css. */
const SHELL_STYLE_DIRS = /^(layout|consent|i18n|ui)\//;

/** The first selector of a stylesheet's first rule (comments and at-rules skipped). */
export function firstSelector(css: string): string | undefined {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const match = /(?:^|[;}])\s*([.#:[a-z][^{};@]*?)\s*\{/i.exec(text);
  return match?.[1]?.split(",")[0]?.trim().replace(/\s+/g, " ");
}

/**
 * Where the rule starting with `selector` begins, minified or not (a `BUNDLE_NO_MINIFY=1`
 * build keeps the whitespace and the selector lists broken over lines), or -1.
 */
function ruleIndex(css: string, selector: string): number {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return css.search(new RegExp(`${escaped}\\s*[,{]`));
}

/**
 * Throws unless every page links the same single stylesheet, and global.css comes before
 * every component stylesheet outside the shell (`laterSelectors`: each one's first
 * selector). One stylesheet is one request after the HTML instead of four on a phone line
 * (decision 13); the order is the cascade the components were written against (global
 * first, so a component's rule wins a tie), which the bundler decides when it joins them.
 */
export function checkStylesheet(
  pages: ReadonlyMap<string, string>,
  stylesheets: ReadonlyMap<string, string>,
  laterSelectors: readonly string[],
): void {
  const problems: string[] = [];
  const linked = new Set<string>();
  for (const [page, html] of pages) {
    const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"#]+)#?"/g)].map((m) => m[1]);
    if (hrefs.length !== 1) problems.push(`${page} links ${hrefs.length} stylesheets`);
    for (const href of hrefs) linked.add(href ?? "");
  }
  if (linked.size > 1) problems.push(`pages link different stylesheets: ${[...linked].join(", ")}`);
  for (const href of linked) {
    const css = stylesheets.get(href);
    if (css === undefined) {
      problems.push(`${href} is not in the build`);
      continue;
    }
    const global = css.search(/:root\s*\{\s*--font-sans/);
    if (global < 0) problems.push(`${href} has no global.css (:root{--font-sans…})`);
    for (const selector of laterSelectors) {
      const at = ruleIndex(css, selector);
      if (at < 0) problems.push(`${href}: no rule "${selector}{" to place against global.css`);
      else if (at < global) problems.push(`${href}: "${selector}" comes before global.css`);
    }
  }
  if (problems.length > 0) {
    // Vite joins the stylesheet from the entry chunks in name order, each after what it
    // imports: a route module whose name sorts before `entry.client` leads with its own.
    throw new Error(
      `The stylesheet is not as decision 13 needs it:\n  ${problems.join("\n  ")}\n` +
        "(a route module named before entry.client in the alphabet puts its stylesheets first)",
    );
  }
}

/** First selectors of the component stylesheets that must follow global.css. */
async function componentSelectors(appDir: string): Promise<string[]> {
  const dir = path.join(appDir, "components");
  const files = (await listFiles(dir)).filter(
    (file) => file.endsWith(".css") && !SHELL_STYLE_DIRS.test(file),
  );
  const selectors = await Promise.all(
    files.map(async (file) => firstSelector(await readFile(path.join(dir, file), "utf8"))),
  );
  return selectors.filter((selector): selector is string => Boolean(selector));
}

/** Every stylesheet under `clientDir`/assets by its URL path. */
async function readStylesheets(clientDir: string): Promise<Map<string, string>> {
  const dir = path.join(clientDir, "assets");
  const names = (await readdir(dir)).filter((name) => name.endsWith(".css"));
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return new Map(names.map((name, index) => [`/assets/${name}`, texts[index] ?? ""]));
}

/**
 * The URL of a page's hydration data: an asset named by its content, so that it is cached
 * like the chunks (immutable) and a page changed by a deploy never reads another's data.
 */
export function hydrationDataUrl(data: string): string {
  return `/assets/hydration-${createHash("sha256").update(data).digest("base64url").slice(0, 10)}.data`;
}

/**
 * Rewrites every page so the app starts after the page has loaded (see defer-hydration.ts),
 * writes its hydration data to a file of its own, which the boot script fetches
 * (`moveHydrationData`), and writes the page back under `clientDir`. Returns the scripts
 * each rewritten page loads before its app starts (pages without an app left out), for the
 * first-load budget. Throws, naming every page and writing none, when a page's scripts are
 * not in the shape React Router renders, rather than ship a page that never hydrates.
 */
export async function deferHydrationInPages(
  clientDir: string,
  pages: ReadonlyMap<string, string>,
): Promise<Map<string, string[]>> {
  const rewritten = new Map<string, string>();
  const failures: string[] = [];
  let changed: HydrationScriptError | undefined;
  const renderers = new Map<string, string>();
  const hydrationData = new Map<string, string>();
  // Names each page's data and keeps it for writing: pages with the same data share a file.
  const hydrationDataFile = (data: string) => {
    const url = hydrationDataUrl(data);
    hydrationData.set(url, data);
    return url;
  };
  const rendererOf = async (entry: string) => {
    const known = renderers.get(entry);
    if (known !== undefined) return known;
    const code = await readFile(path.join(clientDir, entry), "utf8");
    const renderer = rendererOfEntry(entry, code);
    renderers.set(entry, renderer);
    return renderer;
  };
  for (const [relative, html] of pages) {
    try {
      const entry = entryOfPage(html);
      const deferred = deferHydration(html, entry === null ? "" : await rendererOf(entry));
      rewritten.set(relative, moveHydrationData(deferred, hydrationDataFile).html);
    } catch (error) {
      if (!(error instanceof HydrationScriptError)) throw error;
      changed ??= error;
      failures.push(`${relative}: ${error.problem}`);
    }
  }
  if (changed) {
    // One error for every page, with the first one's dependency.
    throw new HydrationScriptError(
      `${failures.length} pages: ${failures.slice(0, 5).join("; ")}${failures.length > 5 ? "; …" : ""}`,
      changed.patch.dependency as "react-router" | "vite",
    );
  }
  await mapLimit([...hydrationData], 16, ([url, data]) =>
    writeFile(path.join(clientDir, url), data),
  );
  await mapLimit([...rewritten], 16, ([relative, html]) =>
    writeFile(path.join(clientDir, relative), html),
  );
  const pageScripts = new Map<string, string[]>();
  for (const [relative, html] of rewritten) {
    const scripts = bootScripts(html);
    if (scripts.length > 0) pageScripts.set(relative, scripts);
  }
  return pageScripts;
}

/** What precompression did with one file. */
export interface CompressionResult {
  file: string;
  br: boolean;
  gzip: boolean;
}

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) next to every servable
 * text file under `clientDir`, each only when smaller than the original (a stale copy is
 * removed otherwise). Runs `concurrency` files at a time on the libuv thread pool.
 */
export async function precompress(
  clientDir: string,
  concurrency: number = availableParallelism(),
): Promise<CompressionResult[]> {
  const files = (await listFiles(clientDir)).filter(
    (relative) => servableContentType(relative) !== null && isTextFile(relative),
  );
  return mapLimit(files, concurrency, async (relative) => {
    const absolute = path.join(clientDir, relative);
    const original = await readFile(absolute);
    const [brBytes, gzipBytes] = await Promise.all([
      brotli(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
      gzipAsync(original, { level: 9 }),
    ]);
    const [br, gz] = await Promise.all([
      writeIfSmaller(`${absolute}.br`, brBytes, original.length),
      writeIfSmaller(`${absolute}.gz`, gzipBytes, original.length),
    ]);
    return { file: relative, br, gzip: gz };
  });
}

async function writeIfSmaller(
  target: string,
  bytes: Buffer,
  originalSize: number,
): Promise<boolean> {
  if (bytes.length >= originalSize) {
    await rm(target, { force: true });
    return false;
  }
  await writeFile(target, bytes);
  return true;
}

/**
 * What any page may load before its app starts (decision record 0012). On a phone line of
 * 1.6 Mbit/s and 150 ms round trip, every 20 KB is about 100 ms, and HTTP/1.1's six
 * connections per host turn each further six requests into another round trip: the budget
 * holds the bytes and the request count where the chunk groups of vite.config.ts put them.
 */
export const FIRST_LOAD_BUDGET = { scripts: 13, gzipBytes: 125 * 1024 } as const;

/**
 * Chunk groups of vite.config.ts that only some pages need, with the pages (paths under the
 * client directory) that may load them. A Rolldown group takes its modules' dependencies
 * along: a group that reaches a module of the shell pulls it out of the shell and puts
 * itself on every page, one more request each, which the build then fails on.
 */
export const PAGE_SCOPED_CHUNKS: ReadonlyArray<{ chunk: RegExp; pages: RegExp }> = [
  { chunk: /^\/assets\/data-flow-[\w-]+\.js$/, pages: /^(?:[a-z]{2}\/)?xero(?:-integration)?\// },
  // /xero draws its diagram after the start (partner-sections); only the guide starts with it.
  {
    chunk: /^\/assets\/data-flow-diagram-[\w-]+\.js$/,
    pages: /^(?:[a-z]{2}\/)?xero-integration\//,
  },
];

/** One page's first-load scripts, as `checkFirstLoad` reports them. */
export interface FirstLoad {
  page: string;
  scripts: number;
  gzipBytes: number;
}

/**
 * Each page's first-load scripts and their gzip bytes, from the pages' boot scripts and
 * the chunks' gzip sizes (`gzipSizes`: URL path to bytes). Throws, naming every page, when
 * one is over FIRST_LOAD_BUDGET, names a chunk that is not in the build, or loads a chunk
 * of PAGE_SCOPED_CHUNKS it does not need. Returns the largest page's figures.
 */
export function checkFirstLoad(
  pageScripts: ReadonlyMap<string, readonly string[]>,
  gzipSizes: ReadonlyMap<string, number>,
  budget: { scripts: number; gzipBytes: number } = FIRST_LOAD_BUDGET,
  scopedChunks: ReadonlyArray<{ chunk: RegExp; pages: RegExp }> = PAGE_SCOPED_CHUNKS,
): FirstLoad {
  let largest: FirstLoad = { page: "", scripts: 0, gzipBytes: 0 };
  const failures: string[] = [];
  for (const [page, scripts] of pageScripts) {
    let gzipBytes = 0;
    for (const script of scripts) {
      const size = gzipSizes.get(script);
      if (size === undefined) failures.push(`${page} loads ${script}, which is not in the build`);
      if (scopedChunks.some(({ chunk, pages }) => chunk.test(script) && !pages.test(page))) {
        failures.push(`${page} loads ${script}, which only other pages need`);
      }
      gzipBytes += size ?? 0;
    }
    if (scripts.length > budget.scripts || gzipBytes > budget.gzipBytes) {
      failures.push(
        `${page} loads ${scripts.length} scripts, ${gzipBytes} B gzip ` +
          `(budget ${budget.scripts} scripts, ${budget.gzipBytes} B)`,
      );
    }
    if (gzipBytes > largest.gzipBytes) largest = { page, scripts: scripts.length, gzipBytes };
  }
  if (failures.length > 0) {
    throw new Error(
      `First-load JavaScript over budget (see vite.config.ts, chunk groups):\n  ${failures.join("\n  ")}`,
    );
  }
  return largest;
}

/**
 * Checks the pages' first-load scripts (as `deferHydrationInPages` returns them) against
 * FIRST_LOAD_BUDGET, weighing each chunk under `clientDir` at gzip level 9.
 */
async function checkFirstLoadOfPages(
  clientDir: string,
  pageScripts: ReadonlyMap<string, readonly string[]>,
  budget: { scripts: number; gzipBytes: number } = FIRST_LOAD_BUDGET,
): Promise<FirstLoad> {
  const gzipSizes = new Map<string, number>();
  for (const script of new Set([...pageScripts.values()].flat())) {
    const file = path.join(clientDir, script);
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) gzipSizes.set(script, gzipSync(bytes, { level: 9 }).byteLength);
  }
  return checkFirstLoad(pageScripts, gzipSizes, budget);
}

/** React Router's route manifest: one object literal, no functions to compile. */
const ROUTE_MANIFEST = new RegExp(`^${ROUTE_MANIFEST_PATH.source}$`);

/**
 * Throws unless every script some page starts with (`firstLoad`) has V8's compile hint as
 * its first line, and no other script has it (`firstLines`: URL path to first line, every
 * script in the build). The hint is only worth it where nearly every function runs while a
 * page starts (scripts/vite/eager-compile-hint.ts, decision record 0014); a chunk renamed or
 * moved into a first load would otherwise lose it, or a lazy one gain it, unnoticed.
 */
export function checkEagerCompileHints(
  firstLoad: ReadonlySet<string>,
  firstLines: ReadonlyMap<string, string>,
): void {
  const problems: string[] = [];
  for (const [script, line] of firstLines) {
    if (ROUTE_MANIFEST.test(script)) continue;
    const hinted = line === EAGER_COMPILE_HINT;
    if (firstLoad.has(script) && !hinted) {
      problems.push(`${script}: pages start with it, but it has no compile hint on its first line`);
    } else if (!firstLoad.has(script) && hinted) {
      problems.push(`${script}: no page starts with it, but it has the compile hint`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Compile hints do not match the first loads (LATER_CHUNKS in scripts/vite/eager-compile-hint.ts):\n  ${problems.join("\n  ")}`,
    );
  }
}

/** The first line of every script, read from the head of each file: the hint is short. */
async function scriptFirstLines(clientDir: string): Promise<Map<string, string>> {
  const dir = path.join(clientDir, "assets");
  const names = (await readdir(dir)).filter((name) => name.endsWith(".js"));
  const heads = await Promise.all(
    names.map(async (name) => {
      const file = await open(path.join(dir, name));
      try {
        const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(256) });
        return buffer.toString("utf8", 0, bytesRead);
      } finally {
        await file.close();
      }
    }),
  );
  return new Map(
    names.map((name, index) => [`/assets/${name}`, (heads[index] ?? "").split("\n", 1)[0] ?? ""]),
  );
}

/**
 * The scripts a page that React Router's `<Scripts />` left as it renders them starts with:
 * its modulepreload links and the client entry (a build that skips defer-hydration).
 */
function reactRouterScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map(
    (match) => match[1] as string,
  );
  const entry = entryOfPage(html);
  return entry === null ? [] : [...new Set([...preloads, entry])];
}

/** Counts reported by the CLI. */
export interface PostbuildSummary {
  htmlFiles: number;
  scriptHashes: number;
  sitemapUrls: number;
  brotliFiles: number;
  gzipFiles: number;
  /** Gzip size of the analytics chunk, within ANALYTICS_CHUNK_BUDGET_BYTES. */
  analyticsChunkGzipBytes: number;
  /** Gzip size of the speed report's chunk, within VITALS_CHUNK_BUDGET_BYTES. */
  vitalsChunkGzipBytes: number;
  /** The page with the most first-load JavaScript, within FIRST_LOAD_BUDGET. */
  largestFirstLoad: FirstLoad;
  /** The patches this build left out (BUILD_SKIP_PATCHES): a build to measure, not to ship. */
  skippedPatches: PatchName[];
  /** Characters of classic inline scripts in all pages, before and after minifying them. */
  inlineScriptChars: { before: number; after: number };
}

/**
 * Gzip budget of the lazily loaded analytics chunk (decision record 4): 28.5 KB with the
 * SDK's switched-off parts replaced, about 65 KB if an SDK upgrade makes that swap miss.
 */
export const ANALYTICS_CHUNK_BUDGET_BYTES = 32 * 1024;
const ANALYTICS_CHUNK = /^analytics-sdk-[\w-]+\.js\.gz$/;

/**
 * Fails the build when the analytics chunk is missing or its gzip size is over budget.
 * Returns the chunk's gzip size in bytes.
 */
export function checkAnalyticsChunk(
  gzipSizes: ReadonlyMap<string, number>,
  budget: number = ANALYTICS_CHUNK_BUDGET_BYTES,
): number {
  const chunks = [...gzipSizes].filter(([name]) => ANALYTICS_CHUNK.test(name));
  if (chunks.length !== 1) {
    throw new Error(`expected one analytics-sdk chunk in assets/, found ${chunks.length}`);
  }
  const [name, size] = chunks[0] as [string, number];
  // A profiling build (BUNDLE_NO_MINIFY=1, bench/profile-hydration.ts) is not shipped.
  if (size > budget && process.env.BUNDLE_NO_MINIFY !== "1") {
    throw new Error(
      `${name} is ${size} bytes gzip, over its ${budget}-byte budget: ` +
        "check that scripts/vite/amplitude-switched-off.ts still matches the installed SDK",
    );
  }
  return size;
}

/**
 * Gzip budget of the speed report's chunk (decision record 29), loaded only after analytics
 * consent: `web-vitals` 6 with its five metrics weighs 3,262 B of it (3,336 B as the
 * package's own bundle; 5.x, without client navigations, was 2,399 B), the report 0.7 KB.
 */
export const VITALS_CHUNK_BUDGET_BYTES = 4 * 1024;
const VITALS_CHUNK = /^web-vitals-report-[\w-]+\.js$/;

/**
 * Fails the build when the speed report's chunk is missing, over its budget, or named by
 * any page (a modulepreload link, the boot script's list of what the page starts with): it
 * must never be part of a first load. `pages` is each page's HTML, `pageScripts` what each
 * starts with. Returns the chunk's gzip size in bytes.
 */
export function checkVitalsChunk(
  gzipSizes: ReadonlyMap<string, number>,
  pages: ReadonlyMap<string, string>,
  pageScripts: ReadonlyMap<string, readonly string[]>,
): number {
  const chunks = [...gzipSizes].filter(([name]) => VITALS_CHUNK.test(name.replace(/\.gz$/, "")));
  if (chunks.length !== 1) {
    throw new Error(`expected one web-vitals-report chunk in assets/, found ${chunks.length}`);
  }
  const [gzName, size] = chunks[0] as [string, number];
  const name = gzName.replace(/\.gz$/, "");
  if (size > VITALS_CHUNK_BUDGET_BYTES && process.env.BUNDLE_NO_MINIFY !== "1") {
    throw new Error(
      `${name} is ${size} bytes gzip, over its ${VITALS_CHUNK_BUDGET_BYTES}-byte budget`,
    );
  }
  const naming = [
    ...[...pages].filter(([, html]) => html.includes(name)).map(([page]) => page),
    ...[...pageScripts]
      .filter(([, scripts]) => scripts.some((script) => script.endsWith(`/${name}`)))
      .map(([page]) => page),
  ];
  if (naming.length > 0) {
    throw new Error(`${name} is in the first load of ${[...new Set(naming)].join(", ")}`);
  }
  return size;
}

async function assetGzipSizes(clientDir: string): Promise<Map<string, number>> {
  const assets = path.join(clientDir, "assets");
  const names = (await readdir(assets)).filter((name) => name.endsWith(".js.gz"));
  const sizes = await Promise.all(
    names.map(async (name) => (await stat(path.join(assets, name))).size),
  );
  return new Map(names.map((name, index) => [name, sizes[index] ?? 0]));
}

/**
 * Runs every post-build step on `<buildDir>`: sitemap and robots first (so they get
 * compressed too), then the outlined-boundary check and the hydration rewrite of the pages
 * (read once) and the compile hints of the scripts they start with, then `csp-hashes.json`
 * (of the rewritten pages), then precompression, then the analytics chunk's and the pages'
 * first-load budgets. Given the sources' `appDir`, it also checks the pages' one stylesheet
 * against the component stylesheets there.
 *
 * `skipped` (BUILD_SKIP_PATCHES, scripts/patches.ts) leaves out the postbuild's own patches
 * of React Router's output, and turns the checks that hold the output to the patches'
 * results (budgets, compile hints) into reports: such a build is only measured.
 */
export async function runPostbuild(
  buildDir: string,
  origin: string = SITE.origin,
  appDir?: string,
  skipped: ReadonlySet<PatchName> = new Set(),
): Promise<PostbuildSummary> {
  const clientDir = path.join(buildDir, "client");
  const urls = sitemapUrls(origin);
  await writeFile(path.join(clientDir, "sitemap.xml"), renderSitemap(urls));
  await writeFile(path.join(clientDir, "robots.txt"), renderRobots(origin));
  const measuring = skipped.size > 0;
  // Each page's router made from its own locale's routes only (decision record 0025).
  const pages = skipped.has("locale-manifests")
    ? await readPages(clientDir)
    : await splitRouteManifests(clientDir, await readPages(clientDir));
  checkNoOutlinedBoundaries(pages);
  if (appDir) {
    checkStylesheet(pages, await readStylesheets(clientDir), await componentSelectors(appDir));
  }
  if (skipped.has("defer-hydration")) {
    // The pages as React Router rendered them, with their own locale's manifest.
    await mapLimit([...pages], 16, ([relative, html]) =>
      writeFile(path.join(clientDir, relative), html),
    );
  }
  const pageScripts = skipped.has("defer-hydration")
    ? new Map(
        [...pages]
          .map(([relative, html]) => [relative, reactRouterScripts(html)] as const)
          .filter(([, scripts]) => scripts.length > 0),
      )
    : await deferHydrationInPages(clientDir, pages);
  if (!measuring) {
    checkEagerCompileHints(
      new Set([...pageScripts.values()].flat()),
      await scriptFirstLines(clientDir),
    );
  }
  const inlineScriptChars = await minifyInlineScriptsInPages(clientDir, inlineScriptMinifier());
  const hashes = await computeCspHashes(clientDir);
  await writeFile(path.join(buildDir, "csp-hashes.json"), `${JSON.stringify(hashes, null, 2)}\n`);
  const compressed = await precompress(clientDir);
  const gzipSizes = await assetGzipSizes(clientDir);
  const analyticsChunkGzipBytes = checkAnalyticsChunk(
    gzipSizes,
    measuring ? Number.POSITIVE_INFINITY : ANALYTICS_CHUNK_BUDGET_BYTES,
  );
  const vitalsChunkGzipBytes = checkVitalsChunk(gzipSizes, pages, pageScripts);
  // A profiling build (BUNDLE_NO_MINIFY=1) is larger and never shipped.
  const largestFirstLoad =
    process.env.BUNDLE_NO_MINIFY === "1"
      ? { page: "", scripts: 0, gzipBytes: 0 }
      : await checkFirstLoadOfPages(
          clientDir,
          pageScripts,
          measuring
            ? { scripts: Number.POSITIVE_INFINITY, gzipBytes: Number.POSITIVE_INFINITY }
            : FIRST_LOAD_BUDGET,
        );
  return {
    analyticsChunkGzipBytes,
    vitalsChunkGzipBytes,
    largestFirstLoad,
    htmlFiles: Object.keys(hashes).length,
    scriptHashes: Object.values(hashes).reduce((sum, list) => sum + list.length, 0),
    sitemapUrls: urls.length,
    brotliFiles: compressed.filter((result) => result.br).length,
    gzipFiles: compressed.filter((result) => result.gzip).length,
    skippedPatches: [...skipped],
    inlineScriptChars,
  };
}
