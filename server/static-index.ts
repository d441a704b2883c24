import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isLocale, type Locale } from "../app/lib/locale.ts";
import {
  buildCsp,
  CSP_HASH_PATTERN,
  type CspVendor,
  isCspVendor,
  SUBRESOURCE_CSP,
  thirdPartyFor,
} from "./csp.ts";
import {
  isPageFile,
  isSubresourceFile,
  isTextFile,
  servableContentType,
  urlPathForFile,
} from "./file-types.ts";
import type { ContentCoding } from "./http-negotiation.ts";
import { listFiles } from "./list-files.ts";
import { mapLimit } from "./map-limit.ts";
import { parseRetentionDays } from "./privacy/retention.ts";
import { StartupError } from "./startup-error.ts";

/** Files up to this size (and their encodings) are served from memory. */
const MAX_IN_MEMORY_BYTES = 1024 * 1024;
const IO_CONCURRENCY = 32;
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** One stored encoding of a file. */
export interface Representation {
  encoding: ContentCoding | null;
  absolutePath: string;
  size: number;
  etag: string;
  /** The bytes, when the file is small enough to keep in memory; otherwise streamed. */
  body: Buffer | null;
}

/** A servable file, resolved once at startup. */
export interface StaticFile {
  /** Decoded URL path this file answers, e.g. `/de/pricing` or `/assets/app-x.js`. */
  urlPath: string;
  /** A prerendered page (`…/index.html`), addressed without `index.html`. */
  isPage: boolean;
  isHtml: boolean;
  contentType: string;
  cacheControl: string;
  /**
   * The page's own policy, with its inline-script hashes; `SUBRESOURCE_CSP` for a file that
   * is only ever part of a page; null for the rest (the baseline policy applies).
   */
  csp: string | null;
  /** Precomputed `Vary`, or null when nothing varies. */
  vary: string | null;
  lastModified: string;
  lastModifiedS: number;
  identity: Representation;
  br: Representation | null;
  gzip: Representation | null;
}

/** Every servable file by exact URL path, plus each locale's not-found page. */
export interface StaticIndex {
  files: ReadonlyMap<string, StaticFile>;
  notFoundPages: ReadonlyMap<Locale, StaticFile>;
  /** The third-party vendors the build turned on (`site-config.json`), for the CSP. */
  vendors: readonly CspVendor[];
  /** The retention period the build's privacy policy publishes, in days (issue 49). */
  retentionDays: number;
  /** Problems worth a startup warning (e.g. HTML without an entry in the CSP manifest). */
  warnings: string[];
}

type CspManifest = Readonly<Record<string, readonly string[]>>;

/**
 * Scans `<buildDir>/client` once and returns the only files the server will ever send.
 * Because requests are answered by exact lookup in this map, a path that is not a key
 * (traversal, dotfile, `build/server`, source map) cannot reach the disk at all.
 * Throws StartupError if the build or its CSP manifest is missing or malformed.
 */
export async function loadStaticIndex(buildDir: string): Promise<StaticIndex> {
  const clientDir = path.join(buildDir, "client");
  await requireFile(path.join(clientDir, "index.html"));
  const manifestPath = path.join(buildDir, "csp-hashes.json");
  await requireFile(manifestPath);
  const manifest = parseCspManifest(await readFile(manifestPath, "utf8"), manifestPath);
  const siteConfigPath = path.join(buildDir, "site-config.json");
  await requireFile(siteConfigPath);
  const siteConfig = parseSiteConfig(await readFile(siteConfigPath, "utf8"), siteConfigPath);
  const vendors = siteConfig.vendors;

  const root = await realpath(clientDir);
  const relativePaths = await listFiles(root);
  const present = new Set(relativePaths);
  const servable = relativePaths.filter((relative) => servableContentType(relative) !== null);
  const loaded = await mapLimit(servable, IO_CONCURRENCY, (relative) =>
    loadFile(root, relative, present, manifest, vendors),
  );

  const files = new Map<string, StaticFile>();
  const notFoundPages = new Map<Locale, StaticFile>();
  // What the build was not configured with (no tags, no chat…), said again at every start.
  const warnings = siteConfig.unset.map((line) => `site configuration: ${line}`);
  for (const { file, hasCspEntry } of loaded) {
    if (file.isHtml && !hasCspEntry) warnings.push(`no CSP hashes for ${file.urlPath}`);
    const notFoundLocale = notFoundPageLocale(file.urlPath);
    if (file.isPage && notFoundLocale !== null) notFoundPages.set(notFoundLocale, file);
    else files.set(file.urlPath, file);
  }
  if (!notFoundPages.has("en")) {
    warnings.push("no 404/index.html: not-found answers are plain text");
  }
  return { files, notFoundPages, vendors, retentionDays: siteConfig.retentionDays, warnings };
}

async function requireFile(filePath: string) {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) {
    throw new StartupError(
      `Build output missing: ${filePath} not found. Run \`npm run build\` first.`,
    );
  }
}

function parseCspManifest(text: string, manifestPath: string): CspManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StartupError(`${manifestPath} is not valid JSON. Run \`npm run build\` again.`);
  }
  const isValid =
    typeof parsed === "object" &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every(
      (hashes) =>
        Array.isArray(hashes) &&
        hashes.every((hash) => typeof hash === "string" && CSP_HASH_PATTERN.test(hash)),
    );
  if (!isValid) {
    throw new StartupError(`${manifestPath} must map page paths to lists of 'sha256-…' sources.`);
  }
  return parsed as CspManifest;
}

/**
 * The `vendors` of the build's `site-config.json` (scripts/vite/build-config-plugin.ts), and
 * its `unset` lines (absent from builds made before it had them).
 */
function parseSiteConfig(
  text: string,
  filePath: string,
): { vendors: CspVendor[]; unset: string[]; retentionDays: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StartupError(`${filePath} is not valid JSON. Run \`npm run build\` again.`);
  }
  const { vendors, unset = [] } = (parsed ?? {}) as { vendors?: unknown; unset?: unknown };
  if (!Array.isArray(vendors) || !vendors.every(isCspVendor)) {
    throw new StartupError(`${filePath} must list the enabled third-party vendors in "vendors".`);
  }
  if (!Array.isArray(unset) || !unset.every((line) => typeof line === "string")) {
    throw new StartupError(`${filePath}: "unset" must be a list of lines.`);
  }
  return { vendors, unset, retentionDays: parseRetentionDays(parsed) };
}

/** The locale whose not-found page lives at this URL path (`/404`, `/de/404`), else null. */
function notFoundPageLocale(urlPath: string): Locale | null {
  if (urlPath === "/404") return "en";
  const match = /^\/([a-z]{2})\/404$/.exec(urlPath);
  const locale = match?.[1];
  return locale !== undefined && locale !== "en" && isLocale(locale) ? locale : null;
}

async function loadFile(
  root: string,
  relative: string,
  present: ReadonlySet<string>,
  manifest: CspManifest,
  vendors: readonly CspVendor[],
): Promise<{ file: StaticFile; hasCspEntry: boolean }> {
  const absolutePath = await resolveInside(root, relative);
  const info = await stat(absolutePath);
  const keepInMemory = isTextFile(relative) || relative.endsWith(".woff2");
  const identity = await loadRepresentation(absolutePath, null, info, keepInMemory, null);
  const baseTag = identity.etag.slice(1, -1);
  const variant = (encoding: ContentCoding, suffix: string) =>
    present.has(`${relative}${suffix}`)
      ? loadVariant(root, `${relative}${suffix}`, encoding, keepInMemory, baseTag)
      : Promise.resolve(null);
  const [br, gzip] = await Promise.all([variant("br", ".br"), variant("gzip", ".gz")]);

  const urlPath = urlPathForFile(relative);
  const isHtml = relative.endsWith(".html");
  const hashes = manifest[urlPath];
  const varies = [br || gzip ? "Accept-Encoding" : null, isHtml ? "Cookie" : null];
  const file: StaticFile = {
    urlPath,
    isPage: isPageFile(relative),
    isHtml,
    contentType: servableContentType(relative) as string,
    cacheControl: urlPath.startsWith("/assets/") ? IMMUTABLE : REVALIDATE,
    csp: isHtml
      ? buildCsp(hashes ?? [], { thirdParty: thirdPartyFor(vendors) })
      : isSubresourceFile(relative)
        ? SUBRESOURCE_CSP
        : null,
    vary: varies.filter((name) => name !== null).join(", ") || null,
    lastModified: info.mtime.toUTCString(),
    lastModifiedS: Math.floor(info.mtimeMs / 1000),
    identity,
    br,
    gzip,
  };
  return { file, hasCspEntry: hashes !== undefined };
}

async function loadVariant(
  root: string,
  relative: string,
  encoding: ContentCoding,
  keepInMemory: boolean,
  baseTag: string,
): Promise<Representation> {
  const absolutePath = await resolveInside(root, relative);
  return loadRepresentation(
    absolutePath,
    encoding,
    await stat(absolutePath),
    keepInMemory,
    baseTag,
  );
}

/**
 * Reads small files into memory with a content-hash ETag; large ones keep a size/mtime
 * ETag and are streamed. Each encoding gets its own tag, as RFC 9110 requires for
 * different representations.
 */
async function loadRepresentation(
  absolutePath: string,
  encoding: ContentCoding | null,
  info: Stats,
  keepInMemory: boolean,
  baseTag: string | null,
): Promise<Representation> {
  const inMemory = keepInMemory && info.size <= MAX_IN_MEMORY_BYTES;
  const body = inMemory ? await readFile(absolutePath) : null;
  const tag = baseTag ?? (body ? contentTag(body) : statTag(info));
  const etag = `"${encoding === null ? tag : `${tag}-${encoding}`}"`;
  return { encoding, absolutePath, size: body?.length ?? info.size, etag, body };
}

function contentTag(body: Buffer): string {
  return createHash("sha1").update(body).digest("base64url");
}

function statTag(info: Stats): string {
  return `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
}

/** Defence in depth: the real path of every indexed file must stay inside the client dir. */
async function resolveInside(root: string, relative: string): Promise<string> {
  const resolved = await realpath(path.join(root, relative));
  if (!resolved.startsWith(`${root}${path.sep}`)) {
    throw new StartupError(`Refusing to serve ${relative}: it resolves outside ${root}`);
  }
  return resolved;
}
