import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The feature illustrations are one SVG for every locale (issue 14: images in the
 * visitor's language), so any text they draw must read the same in all four: digits,
 * currency signs and symbols, never a word or a number with a decimal or thousands
 * separator, whose form differs between English and German, Spanish or French.
 */
const DIR = path.join(import.meta.dirname, "../../assets/illustrations");
const LOCALE_NEUTRAL = /^[\d\s€£$+?→]*$/u;

describe("feature illustrations", () => {
  const files = readdirSync(DIR).filter((file) => file.endsWith(".svg"));

  test("there are illustrations to check", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  test.each(files)("%s draws no words and no locale-formatted numbers", (file) => {
    const svg = readFileSync(path.join(DIR, file), "utf8");
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    for (const text of texts) expect(text).toMatch(LOCALE_NEUTRAL);
  });
});
