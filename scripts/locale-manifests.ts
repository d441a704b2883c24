/**
 * One route manifest per locale (decision record 0025). React Router writes one manifest
 * for the whole site, and every page's router is made from all of it: each page once per
 * locale (app/routes.ts), some 70 routes, most of which a page never reaches, because its
 * links stay in its own language. Each page here loads a manifest of the root and its own
 * locale's routes only; links to another language load a new document
 * (app/components/ui/client-link.tsx), whose manifest has that language's routes.
 *
 * The manifest is React Router's own file (`window.__reactRouterManifest = {…}`, one JSON
 * object literal), read and written here rather than through any API of React Router's, so
 * everything about its shape that this relies on is checked, and the build fails loudly
 * when an upgrade changes it (scripts/locale-manifests.test.ts, and the build itself).
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { LOCALES, type Locale, localeFromPath } from "../app/lib/locale.ts";
import { urlPathForFile } from "../server/file-types.ts";
import { PATCHES, PatchTargetChangedError } from "./patches.ts";

/** React Router's manifest, or the pages that name it, no longer read as this step expects. */
export class RouteManifestChangedError extends PatchTargetChangedError {
  constructor(problem: string) {
    super(PATCHES["locale-manifests"], problem);
    this.name = "RouteManifestChangedError";
  }
}

const PREFIX = "window.__reactRouterManifest=";
const SUFFIX = ";";
/** React Router's manifest, and each locale's, as the pages name it (a URL path). */
export const ROUTE_MANIFEST_PATH = /\/assets\/manifest-[0-9a-f]+\.js/g;
const ROOT_ROUTE = "root";

interface ManifestRoute {
  id: string;
  parentId?: string;
  [key: string]: unknown;
}

export interface RouteManifest {
  routes: Record<string, ManifestRoute>;
  url: string;
  version: string;
  [key: string]: unknown;
}

/** Reads React Router's manifest file; throws, saying what changed, on any other shape. */
export function parseRouteManifest(code: string): RouteManifest {
  const text = code.trim();
  if (!text.startsWith(PREFIX) || !text.endsWith(SUFFIX)) {
    throw new RouteManifestChangedError(
      `React Router's manifest no longer reads "${PREFIX}{…}${SUFFIX}"`,
    );
  }
  let manifest: Partial<RouteManifest>;
  try {
    manifest = JSON.parse(text.slice(PREFIX.length, -SUFFIX.length)) as Partial<RouteManifest>;
  } catch {
    throw new RouteManifestChangedError("React Router's manifest is no longer one JSON object");
  }
  const routes = manifest.routes;
  if (
    typeof routes !== "object" ||
    routes === null ||
    typeof manifest.url !== "string" ||
    typeof manifest.version !== "string"
  ) {
    throw new RouteManifestChangedError("React Router's manifest has no routes, url or version");
  }
  if (routes[ROOT_ROUTE]?.id !== ROOT_ROUTE) {
    throw new RouteManifestChangedError(`React Router's manifest has no "${ROOT_ROUTE}" route`);
  }
  for (const [id, route] of Object.entries(routes)) {
    if (route.id !== id || (id !== ROOT_ROUTE && typeof route.parentId !== "string")) {
      throw new RouteManifestChangedError(
        `React Router's manifest route "${id}" has no id or parent of its own`,
      );
    }
  }
  return manifest as RouteManifest;
}

/** The locale whose layout route (app/routes.ts: `${locale}-layout`) holds the route. */
function localeOfRoute(routes: RouteManifest["routes"], id: string): Locale {
  let route = routes[id];
  while (route?.parentId !== undefined && route.parentId !== ROOT_ROUTE) {
    route = routes[route.parentId];
  }
  const locale = LOCALES.find((candidate) => route?.id === `${candidate}-layout`);
  if (!locale) {
    throw new RouteManifestChangedError(
      `route "${id}" is under no locale's layout route (app/routes.ts names them \`<locale>-layout\`)`,
    );
  }
  return locale;
}

/** The manifest with the root and `locale`'s routes only, named `url`. */
export function manifestForLocale(
  manifest: RouteManifest,
  locale: Locale,
  url: string,
): RouteManifest {
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).filter(
      ([id]) => id === ROOT_ROUTE || localeOfRoute(manifest.routes, id) === locale,
    ),
  );
  return { ...manifest, routes, url };
}

export function serializeRouteManifest(manifest: RouteManifest): string {
  return `${PREFIX}${JSON.stringify(manifest)}${SUFFIX}`;
}

/**
 * A name in the build's pattern for a manifest (whose own `url` is left out), from a hash
 * of all of it: assets are cached for good, so a manifest that changes in any way, its
 * entry or a route's module, must change its name.
 */
function manifestUrlFor(manifest: RouteManifest): string {
  const hash = createHash("sha256")
    .update(serializeRouteManifest({ ...manifest, url: "" }))
    .digest("hex")
    .slice(0, 8);
  return `/assets/manifest-${hash}.js`;
}

/**
 * Writes each locale's manifest next to React Router's and points every page of that locale
 * at it. Returns the pages rewritten in memory (`pages`: relative path to HTML); a page
 * naming no manifest (a redirect) is left as it is, and so is the SPA fallback, which
 * serves no locale of its own. Throws when the pages name more than one manifest.
 */
export async function splitRouteManifests(
  clientDir: string,
  pages: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const named = new Set(
    [...pages.values()].flatMap((html) => html.match(ROUTE_MANIFEST_PATH) ?? []),
  );
  if (named.size === 0) return new Map(pages);
  if (named.size > 1) {
    throw new RouteManifestChangedError(`the pages name ${named.size} route manifests, not one`);
  }
  const [original = ""] = named;
  const manifest = parseRouteManifest(await readFile(path.join(clientDir, original), "utf8"));
  const urls = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const own = manifestForLocale(manifest, locale, "");
    // A locale without routes (the pseudo-locale build has English only) gets no file.
    if (Object.keys(own.routes).length === 1) continue;
    const url = manifestUrlFor(own);
    await writeFile(path.join(clientDir, url), serializeRouteManifest({ ...own, url }));
    urls.set(locale, url);
  }
  const rewritten = new Map<string, string>();
  for (const [relative, html] of pages) {
    const url = urls.get(localeFromPath(urlPathForFile(relative)));
    const isFallback = relative.startsWith("__spa-fallback");
    rewritten.set(
      relative,
      url && !isFallback && html.includes(original) ? html.replaceAll(original, url) : html,
    );
  }
  return rewritten;
}
