import { localeFromRequest } from "../i18n/page-loader.server.ts";
import type { Locale } from "../locale.ts";
import { clipFileNames } from "./screen-images.ts";
import {
  type ImageVariant,
  parseVariant,
  type TryItFreeClip,
  variantsForLocale,
} from "./srcset.ts";

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

const clipUrls = import.meta.glob<string>("../../assets/clip/*.{mp4,webm,webp}", {
  eager: true,
  query: "?url",
  import: "default",
});

/** The try-it-free clip of one locale, as hashed URLs; a locale without one fails the build. */
function clipForLocale(locale: Locale): TryItFreeClip {
  const url = (file: string) => {
    const found = Object.entries(clipUrls).find(([path]) => path.endsWith(`/${file}`))?.[1];
    if (found === undefined)
      throw new Error(`No try-it-free clip file ${file}: run scripts/visuals/render.ts clip`);
    return found;
  };
  const files = clipFileNames(locale);
  return { mp4: url(files.mp4), webm: url(files.webm), poster: url(files.poster) };
}

/**
 * Loader data for a page that shows product images: its locale's screens, crops and poster,
 * and the try-it-free clip in its language.
 */
export function screenImages(request: Request): { screens: ImageVariant[]; clip: TryItFreeClip } {
  const locale = localeFromRequest(request);
  return { screens: variantsForLocale(VARIANTS, locale), clip: clipForLocale(locale) };
}
