import {
  DEFAULT_LOCALE,
  LOCALE_TAGS,
  LOCALES,
  localeFromPath,
  localizePath,
  normalizePath,
  stripLocale,
} from "./locale.ts";
import { SITE } from "./site-config.ts";

/** The shape React Router's `meta` export accepts; kept local so `lib` stays framework-free. */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; hrefLang?: string };

/** Absolute URL of a site path on the canonical origin (no trailing slash except the root). */
export function absoluteUrl(path: string): string {
  const normalized = normalizePath(path);
  return `${SITE.origin}${normalized === "/" ? "/" : normalized}`;
}

/** `Page title | Beyond`, with the divider defined once (SPEC §2). */
export function documentTitle(pageTitle: string): string {
  return `${pageTitle}${SITE.titleDivider}${SITE.brand}`;
}

export interface PageMetaInput {
  pathname: string;
  title: string;
  description: string;
  isIndexable: boolean;
}

/**
 * Title, description, canonical, `hreflang` alternates for every locale plus `x-default`,
 * Open Graph basics, and `noindex,nofollow` for pages kept out of search.
 */
export function buildPageMeta({
  pathname,
  title,
  description,
  isIndexable,
}: PageMetaInput): MetaTag[] {
  const path = normalizePath(pathname);
  const locale = localeFromPath(path);
  const bare = stripLocale(path);
  const canonical = absoluteUrl(localizePath(bare, locale));
  return [
    { title: documentTitle(title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...LOCALES.map((alternate) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: alternate,
      href: absoluteUrl(localizePath(bare, alternate)),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(localizePath(bare, DEFAULT_LOCALE)),
    },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.brand },
    { property: "og:locale", content: LOCALE_TAGS[locale].replace("-", "_") },
    ...(isIndexable ? [] : [{ name: "robots", content: "noindex,nofollow" }]),
  ];
}
