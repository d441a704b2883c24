import { localeFromRequest } from "../i18n/page-loader.server.ts";
import type { Locale } from "../locale.ts";
import { clipFileNames, phoneCropName, type ScreenName } from "./screen-images.ts";
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

/** What a page can show: its screens (with their phone images) and whether the video poster. */
export interface PageImageNames {
  screens: readonly ScreenName[];
  poster: boolean;
}

/**
 * Loader data for a page that shows product images: its locale's variants of the screens
 * it can show (each with its phone image) and of the poster if it shows one, and the
 * try-it-free clip in its language. Every variant is an asset URL in the page's HTML (five
 * per image and width), so a page names only the images it can show: /xero's HTML was
 * 180 bytes over the first round trip's window with all of them.
 */
export function screenImages(
  request: Request,
  names: PageImageNames,
): { screens: ImageVariant[]; clip: TryItFreeClip } {
  const locale = localeFromRequest(request);
  const wanted = new Set<string>([
    ...names.screens.flatMap((screen) => [screen, phoneCropName(screen)]),
    ...(names.poster ? ["poster"] : []),
  ]);
  return {
    screens: variantsForLocale(VARIANTS, locale).filter((variant) => wanted.has(variant.name)),
    clip: clipForLocale(locale),
  };
}
