import { expect, test } from "vitest";
import { formatPrice } from "./format.ts";

test.each([
  ["en-GB", 8640, "€8,640"],
  ["en-GB", 0, "€0"],
  ["en-GB", 48, "€48"],
  ["en-GB", 12.5, "€12.50"],
  ["de-DE", 8640, "8.640\u00a0€"],
  ["es-ES", 8640, "8640\u00a0€"],
  ["es-ES", 10800, "10.800\u00a0€"],
  ["fr-FR", 8640, "8\u202f640\u00a0€"],
])("%s formats %d as %s", (locale, amount, expected) => {
  expect(formatPrice(amount, locale, "EUR")).toBe(expected);
});
