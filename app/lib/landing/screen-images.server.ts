import { localeFromRequest } from "../i18n/page-loader.server.ts";
import { type ImageVariant, parseVariant, variantsForLocale } from "./srcset.ts";

/*
 * Build-time only (`.server`), like the catalogues: every generated product image of every
 * locale, as hashed asset URLs. A page's loader hands on its own locale's set, so the
 * browser's JavaScript holds no map of images and a page's HTML names only images in its
 * own language.
 */
const urls = import.meta.glob<string>("../../assets/screens/*/*.{avif,webp,jpg}", {
  eager: true,
  query: "?url",
  import: "default",
});

const VARIANTS: readonly ImageVariant[] = Object.entries(urls).flatMap(
  ([path, url]) => parseVariant(path, url) ?? [],
);

/** Loader data for a page that shows product images: its locale's screens, crops and poster. */
export function screenImages(request: Request): { screens: ImageVariant[] } {
  return { screens: variantsForLocale(VARIANTS, localeFromRequest(request)) };
}
