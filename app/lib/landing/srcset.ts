/**
 * Responsive image sources from generated file names (`budgets-de-1000.avif`): the build
 * hands us URLs keyed by file path, and these helpers group them into `srcset` strings by
 * format, for one locale's images.
 */
import { LOCALES, type Locale } from "../locale.ts";

export type ImageFormat = "avif" | "webp" | "jpg";

export interface ImageVariant {
  /** The image: a screen (`budgets`), its phone crop (`budgets-phone`) or `poster`. */
  name: string;
  /** The language of the words in the image. */
  locale: Locale;
  width: number;
  format: ImageFormat;
  url: string;
}

/** The looping try-it-free clip and its poster, in one locale. */
export interface TryItFreeClip {
  mp4: string;
  webm: string;
  poster: string;
}

const VARIANT_PATTERN = new RegExp(
  `([a-z0-9]+(?:-[a-z0-9]+)*?)-(${LOCALES.join("|")})-(\\d+)\\.(avif|webp|jpg)$`,
);

/** Reads `<name>-<locale>-<width>.<format>` from the end of a path, or null for any other. */
export function parseVariant(path: string, url: string): ImageVariant | null {
  const match = VARIANT_PATTERN.exec(path);
  if (!match) return null;
  const [, name = "", locale, width = "0", format] = match;
  return {
    name,
    locale: locale as Locale,
    width: Number(width),
    format: format as ImageFormat,
    url,
  };
}

/**
 * One locale's images, never another's: a locale without a set of its own fails the build
 * (prerendering calls this) rather than showing a page the product in another language.
 */
export function variantsForLocale(
  variants: readonly ImageVariant[],
  locale: Locale,
): ImageVariant[] {
  const own = variants.filter((variant) => variant.locale === locale);
  if (own.length === 0)
    throw new Error(`No product images for ${locale}: run scripts/visuals/render.ts`);
  return own;
}

/** `url 500w, url 1000w` for one image in one format, narrowest first; "" when none. */
export function srcsetFor(
  variants: readonly ImageVariant[],
  name: string,
  format: ImageFormat,
): string {
  return variants
    .filter((variant) => variant.name === name && variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

export class MissingImageError extends Error {}

/**
 * Throws, naming the image, when the page's variants have none of it: a page's loader names
 * the images it shows (`screenImages`), and one it forgot would otherwise be an empty
 * `<img>`. Prerendering renders every page, so the build fails.
 */
export function requireImage(variants: readonly ImageVariant[], name: string): void {
  if (!variants.some((variant) => variant.name === name))
    throw new MissingImageError(
      `The page shows "${name}" but its loader's screenImages does not name it`,
    );
}

/** The widest variant of an image in a format: the fallback `src` and the intrinsic size. */
export function widestVariant(
  variants: readonly ImageVariant[],
  name: string,
  format: ImageFormat,
): ImageVariant | undefined {
  return variants
    .filter((variant) => variant.name === name && variant.format === format)
    .sort((a, b) => b.width - a.width)[0];
}
