import path from "node:path";

/**
 * The allow-list of servable extensions (SEC-5) and their Content-Type. A file whose extension
 * is missing here is never served: source maps, `.br`/`.gz` twins (sent only as encodings),
 * JSON other than the web manifest, and anything the build did not mean to publish.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  // React Router's turbo-stream payloads for client-side navigation.
  ".data": "text/x-script; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".json": "application/manifest+json; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** The only `.json` file that is public: the web app manifest. */
const PUBLIC_JSON_NAMES = new Set(["manifest.json"]);

/** Build artefacts that exist in `build/client` but must never be served. */
const PRIVATE_NAMES = new Set(["__spa-fallback.html"]);

/** Types worth precompressing and keeping in memory: everything textual. */
const TEXT_EXTENSIONS = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".txt",
  ".xml",
  ".data",
  ".webmanifest",
  ".json",
]);

/**
 * Files a browser only ever hands to a page, as a script, stylesheet, font, image, video or
 * route data, and never runs as a page of its own. Opened in a tab they show as text or as
 * a bare image or video, with nothing to load or run. HTML, SVG, XML, text and the manifest
 * are not among them.
 */
const SUBRESOURCE_EXTENSIONS = new Set([
  ".js",
  ".css",
  ".data",
  ".woff2",
  ".png",
  ".jpg",
  ".jpeg",
  ".webp",
  ".avif",
  ".ico",
  ".mp4",
  ".webm",
]);

/**
 * The Content-Type for a file path relative to the client directory (forward slashes),
 * or null when the file must not be served: dotfiles or dot-directories anywhere in the path,
 * private build artefacts, and extensions outside the allow-list.
 */
export function servableContentType(relativePath: string): string | null {
  const segments = relativePath.split("/");
  if (segments.some((segment) => segment === "" || segment.startsWith("."))) return null;
  const name = segments.at(-1) ?? "";
  if (PRIVATE_NAMES.has(name)) return null;
  const extension = path.posix.extname(name).toLowerCase();
  if (extension === ".json" && !PUBLIC_JSON_NAMES.has(name)) return null;
  return CONTENT_TYPES[extension] ?? null;
}

/** True for textual files, which get precompressed and cached in memory. */
export function isTextFile(relativePath: string): boolean {
  return TEXT_EXTENSIONS.has(path.posix.extname(relativePath).toLowerCase());
}

/** True for files that are only ever part of a page (`SUBRESOURCE_EXTENSIONS`). */
export function isSubresourceFile(relativePath: string): boolean {
  return SUBRESOURCE_EXTENSIONS.has(path.posix.extname(relativePath).toLowerCase());
}

/** A prerendered page: `index.html` in the client root or any directory below it. */
export function isPageFile(relativePath: string): boolean {
  return relativePath === "index.html" || relativePath.endsWith("/index.html");
}

/**
 * The URL path a file answers: `pricing/index.html` → `/pricing`, `index.html` → `/`,
 * `assets/a.js` → `/assets/a.js`. Pages have no trailing slash and no `index.html`.
 */
export function urlPathForFile(relativePath: string): string {
  if (!isPageFile(relativePath)) return `/${relativePath}`;
  return `/${relativePath.slice(0, -"index.html".length)}`.replace(/(.)\/$/, "$1");
}
