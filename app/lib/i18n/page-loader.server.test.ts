import { expect, test } from "vitest";
import { localeFromRequest } from "./page-loader.server.ts";

test.each([
  ["https://x.test/de", "de"],
  ["https://x.test/de/", "de"],
  ["https://x.test/de.data", "de"],
  ["https://x.test/de/pricing.data", "de"],
  ["https://x.test/_.data", "en"],
  ["https://x.test/fr/_.data", "fr"],
  ["https://x.test/pricing.data", "en"],
])("%s is a %s request", (url, locale) => {
  expect(localeFromRequest(new Request(url))).toBe(locale);
});
