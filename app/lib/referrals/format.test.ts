import { expect, test } from "vitest";
import { formatPercent } from "./format.ts";

test.each([
  ["en-GB", 10, "10%"],
  ["en-GB", 50, "50%"],
  ["de-DE", 10, "10\u00a0%"],
  ["es-ES", 50, "50\u00a0%"],
  ["en-GB", 0, "0%"],
  ["en-GB", 100, "100%"],
])("%s formats %d as %j", (locale, percent, expected) => {
  expect(formatPercent(locale, percent)).toBe(expected);
});

test("French separates the sign with a non-breaking space (narrow or not, by ICU version)", () => {
  expect(formatPercent("fr-FR", 10)).toMatch(/^10[\u00a0\u202f]%$/);
});
