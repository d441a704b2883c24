import { describe, expect, test } from "vitest";
import {
  type ImageVariant,
  MissingImageError,
  parseVariant,
  requireImage,
  srcsetFor,
  variantsForLocale,
  widestVariant,
} from "./srcset.ts";

describe("parseVariant", () => {
  test.each([
    [
      "../../assets/screens/de/budgets-de-1666.avif",
      { name: "budgets", locale: "de", width: 1666, format: "avif" },
    ],
    [
      "/x/rules-phone-fr-760.webp",
      { name: "rules-phone", locale: "fr", width: 760, format: "webp" },
    ],
    ["poster-es-1280.jpg", { name: "poster", locale: "es", width: 1280, format: "jpg" }],
    ["budgets-1000.avif", null],
    ["budgets-it-1000.avif", null],
    ["budgets-de.avif", null],
    ["budgets-de-1000.png", null],
  ])("%s", (path, expected) => {
    const variant = parseVariant(path, "/assets/u");
    expect(variant).toEqual(expected ? { ...expected, url: "/assets/u" } : null);
  });
});

const variants: ImageVariant[] = [
  { name: "budgets", locale: "en", width: 1666, format: "avif", url: "/b-1666.avif" },
  { name: "budgets", locale: "en", width: 500, format: "avif", url: "/b-500.avif" },
  { name: "budgets", locale: "en", width: 1000, format: "avif", url: "/b-1000.avif" },
  { name: "budgets", locale: "en", width: 1000, format: "jpg", url: "/b-1000.jpg" },
  { name: "rules", locale: "en", width: 500, format: "avif", url: "/r-500.avif" },
];

test("srcset lists one image's widths in one format, narrowest first", () => {
  expect(srcsetFor(variants, "budgets", "avif")).toBe(
    "/b-500.avif 500w, /b-1000.avif 1000w, /b-1666.avif 1666w",
  );
  expect(srcsetFor(variants, "rules", "avif")).toBe("/r-500.avif 500w");
  expect(srcsetFor(variants, "rules", "webp")).toBe("");
});

test("an image the page's loader left out is an error naming it", () => {
  expect(() => requireImage(variants, "rules")).not.toThrow();
  expect(() => requireImage(variants, "drivers")).toThrow(MissingImageError);
  expect(() => requireImage(variants, "drivers")).toThrow('"drivers"');
});

test("the widest variant is the fallback", () => {
  expect(widestVariant(variants, "budgets", "avif")?.width).toBe(1666);
  expect(widestVariant(variants, "budgets", "jpg")?.url).toBe("/b-1000.jpg");
  expect(widestVariant(variants, "drivers", "jpg")).toBeUndefined();
});

describe("variantsForLocale", () => {
  const all: ImageVariant[] = (["en", "de", "fr"] as const).flatMap((locale) => [
    { name: "budgets", locale, width: 500, format: "avif", url: `/budgets-${locale}-500.avif` },
    { name: "poster", locale, width: 640, format: "webp", url: `/poster-${locale}-640.webp` },
  ]);

  test("a locale gets its own images and no other locale's", () => {
    const german = variantsForLocale(all, "de");
    expect(german.map((variant) => variant.url)).toEqual([
      "/budgets-de-500.avif",
      "/poster-de-640.webp",
    ]);
  });

  test("a locale without images of its own fails instead of borrowing another's", () => {
    expect(() => variantsForLocale(all, "es")).toThrow(/No product images for es/);
  });
});
