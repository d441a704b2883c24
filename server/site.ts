import { createReadStream } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  localeFromPath,
  localizePath,
} from "../app/lib/locale.ts";
import { OFF_SITE_PAGE_ID, PAGES } from "../app/lib/pages.ts";
import { SITE } from "../app/lib/site-config.ts";
import { sendError } from "./errors.ts";
import { type ByteRange, chooseEncoding, isNotModified, parseRange } from "./http-negotiation.ts";
import { parseRequestTarget, withQuery } from "./request-target.ts";
import type { Representation, StaticFile, StaticIndex } from "./static-index.ts";

/** The page that only redirects to the blog article (SPEC §2), in every locale. */
export const STEP_BY_STEP_PATHS: ReadonlySet<string> = new Set(
  PAGES.filter((page) => page.id === OFF_SITE_PAGE_ID).flatMap((page) =>
    LOCALES.map((locale) => localizePath(`/${page.pattern}`, locale)),
  ),
);

/**
 * Registers the public site: every GET/HEAD not claimed by a more specific route (the API)
 * is answered from the static index, and anything unmatched gets the same handler, which
 * answers with the not-found page of the path's locale.
 */
export function registerSite(app: FastifyInstance, index: StaticIndex, baseCsp: string) {
  const handler = createSiteHandler(index, baseCsp);
  app.route({ method: ["GET", "HEAD"], url: "/*", handler });
  app.setNotFoundHandler(handler);
}

function createSiteHandler(index: StaticIndex, baseCsp: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const target = parseRequestTarget(request.url);
    if (target === null) return sendError(reply, 400, baseCsp);
    const { path, query } = target;

    if (STEP_BY_STEP_PATHS.has(stripTrailingSlash(path))) {
      return redirect(reply, 302, SITE.xeroStepByStepArticle);
    }
    const file = index.files.get(path);
    if (file !== undefined) {
      const remembered = file.isPage ? rememberedLocaleRedirect(request, path, index) : null;
      if (remembered !== null) {
        return redirect(reply.header("vary", "Cookie"), 302, withQuery(remembered, query));
      }
      return sendFile(request, reply, file, 200);
    }
    // Pages have one URL, without the trailing slash; only known pages redirect, so the
    // Location is always one of our own paths (never `//host`).
    const canonical = index.files.get(stripTrailingSlash(path));
    if (canonical?.isPage) return redirect(reply, 301, withQuery(canonical.urlPath, query));
    return sendNotFound(request, reply, index, path);
  };
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

function redirect(reply: FastifyReply, status: 301 | 302, location: string): FastifyReply {
  return reply.code(status).header("location", location).header("cache-control", "no-cache").send();
}

/**
 * An English page requested by a visitor who chose another language earlier (the `lang`
 * cookie written by the language switcher) goes to the same page in that language.
 */
function rememberedLocaleRedirect(
  request: FastifyRequest,
  path: string,
  index: StaticIndex,
): string | null {
  if (localeFromPath(path) !== DEFAULT_LOCALE) return null;
  const locale = readLocaleCookie(request.headers.cookie);
  if (locale === null || locale === DEFAULT_LOCALE) return null;
  const localized = localizePath(path, locale);
  return index.files.get(localized)?.isPage ? localized : null;
}

/** The locale stored in the `lang` cookie, or null when absent or not a supported locale. */
export function readLocaleCookie(cookieHeader: string | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== LOCALE_COOKIE) continue;
    const value = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    return isLocale(value) ? value : null;
  }
  return null;
}

function sendNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
  index: StaticIndex,
  path: string,
) {
  const page =
    index.notFoundPages.get(localeFromPath(path)) ?? index.notFoundPages.get(DEFAULT_LOCALE);
  if (page === undefined) {
    return reply.code(404).header("content-type", "text/plain; charset=utf-8").send("Not Found");
  }
  return sendFile(request, reply, page, 404);
}

/**
 * Sends a file with its negotiated encoding. 200 answers carry validators and honour
 * conditional and range requests; 404 answers (the not-found page) carry neither.
 */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  status: 200 | 404,
) {
  const coding = chooseEncoding(request.headers["accept-encoding"], {
    br: file.br !== null,
    gzip: file.gzip !== null,
  });
  const representation =
    (coding === "br" ? file.br : coding === "gzip" ? file.gzip : null) ?? file.identity;
  reply.code(status).header("content-type", file.contentType);
  reply.header("cache-control", status === 200 ? file.cacheControl : "no-cache");
  if (file.csp !== null) reply.header("content-security-policy", file.csp);
  if (file.vary !== null) reply.header("vary", file.vary);
  if (representation.encoding !== null) reply.header("content-encoding", representation.encoding);
  if (status === 404) return sendBody(request, reply, representation, null);

  const validators = { etag: representation.etag, lastModifiedS: file.lastModifiedS };
  reply.header("etag", representation.etag).header("last-modified", file.lastModified);
  if (isNotModified(request.headers, validators)) return reply.code(304).send();
  // Byte ranges only for files without encodings (media), so a range never spans encodings.
  if (file.br !== null || file.gzip !== null) return sendBody(request, reply, representation, null);

  reply.header("accept-ranges", "bytes");
  const range = parseRange(
    request.headers.range,
    headerValue(request.headers["if-range"]),
    representation.size,
    validators,
  );
  if (range === "unsatisfiable") {
    return reply.code(416).header("content-range", `bytes */${representation.size}`).send();
  }
  if (range !== null) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${representation.size}`);
  }
  return sendBody(request, reply, representation, range);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
  range: ByteRange | null,
) {
  const { body, absolutePath, size } = representation;
  if (body !== null) return reply.send(range ? body.subarray(range.start, range.end + 1) : body);
  reply.header("content-length", String(range ? range.end - range.start + 1 : size));
  if (request.method === "HEAD") return reply.send();
  return reply.send(createReadStream(absolutePath, range ?? undefined));
}
