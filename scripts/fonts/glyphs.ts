import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import { Face, Blob as HarfBuzzBlob } from "harfbuzzjs";

/** The lightest and heaviest `font-weight` in app/styles and app/components. */
export const WEIGHT_AXIS = { min: 400, max: 750 };

/**
 * OpenType features the subset keeps: kerning, tabular figures (`font-variant-numeric` on
 * prices and tables), and what composes accented letters correctly. Inter's contextual
 * alternates (`calt`: arrows typed as `->`, case-aware punctuation) are a third of the file
 * and our copy does not use them; without them the file fits in fewer network round trips
 * ahead of the first visit's largest paint.
 */
export const LAYOUT_FEATURES = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"] as const;

/**
 * Characters the site shows besides its copy: printable ASCII (numbers, addresses, form
 * input), and what `Intl` puts into formatted prices, percentages and dates in our four
 * locales (no-break and narrow no-break spaces, the euro sign, typographic dashes and
 * quotes, the minus sign).
 */
const ALWAYS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCodePoint(0x20 + index)),
  "\u00a0",
  "\u202f",
  "\u2009",
  "\u2011",
  "\u2013",
  "\u2014",
  "\u2018",
  "\u2019",
  "\u201a",
  "\u201c",
  "\u201d",
  "\u201e",
  "\u2022",
  "\u2026",
  "\u2039",
  "\u203a",
  "\u00ab",
  "\u00bb",
  "\u20ac",
  "\u00a3",
  "\u00a9",
  "\u00ae",
  "\u2122",
  "\u00b7",
  "\u00d7",
  "\u2212",
  "\u2192",
  "\u2190",
  "\u00b0",
  "\u00bf",
  "\u00a1",
];

/** Every string value of a parsed catalogue, however deeply nested. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The code points of `texts` plus ALWAYS, sorted and without repeats. */
export function codePointsOf(texts: readonly string[]): number[] {
  const points = new Set<number>();
  for (const text of [...ALWAYS, ...texts]) {
    for (const char of text) points.add(char.codePointAt(0) as number);
  }
  return [...points].sort((a, b) => a - b);
}

/** Every message of every locale's catalogues under `localesDir`. */
export function catalogueTexts(localesDir: string): string[] {
  return readdirSync(localesDir).flatMap((locale) =>
    readdirSync(path.join(localesDir, locale))
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) =>
        strings(JSON.parse(readFileSync(path.join(localesDir, locale, file), "utf8"))),
      ),
  );
}

/** A CSS `unicode-range` for sorted code points, consecutive runs folded into ranges. */
export function unicodeRange(points: readonly number[]): string {
  const parts: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase();
  for (let index = 0; index < points.length; ) {
    const first = points[index] as number;
    let last = first;
    while (points[index + 1] === last + 1) {
      index += 1;
      last = points[index] as number;
    }
    parts.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    index += 1;
  }
  return parts.join(", ");
}

/** The code points a font (WOFF2, WOFF or SFNT) has glyphs for. */
export async function fontCodePoints(font: Buffer): Promise<Set<number>> {
  const sfnt = await fontverter.convert(font, "sfnt");
  return new Set(new Face(new HarfBuzzBlob(new Uint8Array(sfnt))).collectUnicodes());
}

/** The OpenType feature tags of a font's substitution and positioning tables. */
export async function fontFeatures(font: Buffer): Promise<Set<string>> {
  const sfnt = await fontverter.convert(font, "sfnt");
  const face = new Face(new HarfBuzzBlob(new Uint8Array(sfnt)));
  return new Set([...face.getTableFeatureTags("GSUB"), ...face.getTableFeatureTags("GPOS")]);
}

/** The weight axis of a variable font, if it has one. */
export async function weightAxis(font: Buffer): Promise<{ min: number; max: number } | undefined> {
  const sfnt = await fontverter.convert(font, "sfnt");
  return new Face(new HarfBuzzBlob(new Uint8Array(sfnt))).getAxisInfos().wght;
}
