/**
 * Responsive image sources from generated file names (`budgets-1000.avif`): the build hands
 * us URLs keyed by file path, and these helpers group them into `srcset` strings by format.
 */

export type ImageFormat = "avif" | "webp" | "jpg";

export interface ImageVariant {
  name: string;
  width: number;
  format: ImageFormat;
  url: string;
}

const VARIANT_PATTERN = /([a-z0-9-]+)-(\d+)\.(avif|webp|jpg)$/;

/** Reads `<name>-<width>.<format>` from the end of a path, or null for any other file. */
export function parseVariant(path: string, url: string): ImageVariant | null {
  const match = VARIANT_PATTERN.exec(path);
  if (!match) return null;
  const [, name = "", width = "0", format] = match;
  return { name, width: Number(width), format: format as ImageFormat, url };
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
