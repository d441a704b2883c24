import { describe, expect, test } from "vitest";
import { type ImageVariant, parseVariant, srcsetFor, widestVariant } from "./srcset.ts";

describe("parseVariant", () => {
  test.each([
    ["../../assets/screens/budgets-1666.avif", { name: "budgets", width: 1666, format: "avif" }],
    ["/x/rules-500.webp", { name: "rules", width: 500, format: "webp" }],
    ["try-it-free-poster-640.jpg", { name: "try-it-free-poster", width: 640, format: "jpg" }],
    ["budgets.avif", null],
    ["budgets-1000.png", null],
    ["budgets-wide.webp", null],
  ])("%s", (path, expected) => {
    const variant = parseVariant(path, "/assets/u");
    expect(variant).toEqual(expected ? { ...expected, url: "/assets/u" } : null);
  });
});

const variants: ImageVariant[] = [
  { name: "budgets", width: 1666, format: "avif", url: "/b-1666.avif" },
  { name: "budgets", width: 500, format: "avif", url: "/b-500.avif" },
  { name: "budgets", width: 1000, format: "avif", url: "/b-1000.avif" },
  { name: "budgets", width: 1000, format: "jpg", url: "/b-1000.jpg" },
  { name: "rules", width: 500, format: "avif", url: "/r-500.avif" },
];

test("srcset lists one image's widths in one format, narrowest first", () => {
  expect(srcsetFor(variants, "budgets", "avif")).toBe(
    "/b-500.avif 500w, /b-1000.avif 1000w, /b-1666.avif 1666w",
  );
  expect(srcsetFor(variants, "rules", "avif")).toBe("/r-500.avif 500w");
  expect(srcsetFor(variants, "rules", "webp")).toBe("");
});

test("the widest variant is the fallback", () => {
  expect(widestVariant(variants, "budgets", "avif")?.width).toBe(1666);
  expect(widestVariant(variants, "budgets", "jpg")?.url).toBe("/b-1000.jpg");
  expect(widestVariant(variants, "drivers", "jpg")).toBeUndefined();
});
