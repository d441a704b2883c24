/**
 * Colours as the browser computes them, and the WCAG 2 contrast ratio between two of them
 * (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): pure functions, checked against known
 * values in tests/e2e/focus-ring.spec.ts.
 */

/** sRGB channels 0-255 and alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/**
 * A computed colour, `rgb(r, g, b)` or `rgba(r, g, b, a)` as getComputedStyle writes one
 * (also the space-separated `rgb(r g b / a)`). Throws on anything else, so that a colour the
 * test cannot read fails it rather than passing unseen.
 */
export function parseCssColor(value: string): Rgba {
  const match = value
    .trim()
    .match(/^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/);
  if (!match) throw new Error(`Not an rgb() colour: ${value}`);
  const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] ? 100 : 1);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a: alpha };
}

/** `top` painted over `bottom` (source-over); the result is opaque when `bottom` is. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (front: number, back: number) => (front * top.a + back * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

/** WCAG 2 relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21, whichever is lighter. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
