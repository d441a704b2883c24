import { expect, test } from "vitest";
import { formatPrice, priceFormatFor } from "./format.ts";

const LOCALES = ["en-GB", "de-DE", "es-ES", "fr-FR", "en-XA"];

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
  expect(formatPrice(amount, priceFormatFor(locale, "EUR"))).toBe(expected);
});

// The browser's formatter must write exactly what Intl.NumberFormat writes, for every
// amount the calculator can produce: whole prices, discounted prices with cents, and the
// binary noise of multiplying them.
test.each(LOCALES)(
  "%s: the same text as Intl.NumberFormat for whole and fractional amounts",
  (locale) => {
    const format = priceFormatFor(locale, "EUR");
    const amounts = [
      0, 0.005, 0.004, 1e-9, 1, 9, 10, 99, 100, 999, 1000, 1234, 9999, 10000, 12345, 99999, 123456,
      1234567,
    ];
    for (let seats = 0; seats <= 500; seats += 7) {
      for (const price of [8.6, 12, 14.4, 19.2, 24, 0.8 * 12, 1.005, 2.675])
        amounts.push(seats * price);
    }
    for (const amount of amounts) {
      const digits = Number.isInteger(amount) ? 0 : 2;
      const expected = new Intl.NumberFormat(locale, {
        style: "currency",
        currency: "EUR",
        minimumFractionDigits: digits,
        maximumFractionDigits: 2,
      }).format(amount);
      expect(formatPrice(amount, format), `${amount}`).toBe(expected);
    }
  },
);

test("refuses what is not a price", () => {
  const format = priceFormatFor("en-GB", "EUR");
  expect(() => formatPrice(-1, format)).toThrow(RangeError);
  expect(() => formatPrice(Number.NaN, format)).toThrow(RangeError);
});
