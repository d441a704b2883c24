import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import {
  catalogueTexts,
  codePointsOf,
  fontCodePoints,
  fontFeatures,
  LAYOUT_FEATURES,
  unicodeRange,
  WEIGHT_AXIS,
  weightAxis,
} from "./glyphs.ts";

const FONTS = path.resolve("app/assets/fonts");
const SUBSET = readFileSync(path.join(FONTS, "inter-site.woff2"));
const SOURCE = readFileSync(
  createRequire(import.meta.url).resolve(
    "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  ),
);

/** What the catalogues need and Inter's Latin file has (the rest stays with the fallback). */
let needed: number[] = [];
beforeAll(async () => {
  const available = await fontCodePoints(SOURCE);
  needed = codePointsOf(catalogueTexts(path.resolve("app/locales"))).filter((point) =>
    available.has(point),
  );
});

test("unicodeRange folds consecutive code points into ranges", () => {
  expect(unicodeRange([0x20, 0x21, 0x22, 0x41, 0xe9, 0xea])).toBe("U+20-22, U+41, U+E9-EA");
  expect(unicodeRange([])).toBe("");
});

test("codePointsOf adds what Intl formatting needs and sorts without repeats", () => {
  const points = codePointsOf(["Größe 10 €", "Größe"]);
  expect(points).toContain("ß".codePointAt(0));
  expect(points).toContain(0x202f);
  expect(points).toEqual([...new Set(points)].sort((a, b) => a - b));
});

test("the committed subset declares every character of every catalogue (else run `npm run fonts`)", () => {
  const css = readFileSync(path.join(FONTS, "inter-site.css"), "utf8");
  expect(css).toContain(`unicode-range: ${unicodeRange(needed)};`);
});

test("the committed subset has a glyph for each of them and keeps the weights in use", async () => {
  const covered = await fontCodePoints(SUBSET);
  expect(needed.length).toBeGreaterThan(100);
  expect(needed.filter((point) => !covered.has(point))).toEqual([]);
  expect(await weightAxis(SUBSET)).toMatchObject(WEIGHT_AXIS);
});

test("the committed subset keeps kerning and tabular figures, and only the features listed", async () => {
  const features = await fontFeatures(SUBSET);
  expect(features).toContain("kern");
  expect(features).toContain("tnum");
  expect(
    [...features].filter((tag) => !(LAYOUT_FEATURES as readonly string[]).includes(tag)),
  ).toEqual([]);
});
