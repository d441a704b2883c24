import { describe, expect, test } from "vitest";
import {
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  normalizePath,
  stripLocale,
} from "./locale.ts";

describe("localeFromPath", () => {
  test.each([
    ["/", "en"],
    ["/pricing", "en"],
    ["/de", "de"],
    ["/de/", "de"],
    ["/de/pricing", "de"],
    ["/es/faqs/reports-in-beyond/", "es"],
    ["/fr/xero-integration/faqs", "fr"],
    ["/en/pricing", "en"],
    ["/it/pricing", "en"],
    ["/deutsch", "en"],
  ])("%s is %s", (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });
});

describe("stripLocale", () => {
  test.each([
    ["/", "/"],
    ["/de", "/"],
    ["/de/", "/"],
    ["/de/pricing/", "/pricing"],
    ["/pricing", "/pricing"],
    ["/fr/faqs/reports-in-beyond", "/faqs/reports-in-beyond"],
  ])("%s becomes %s", (path, bare) => {
    expect(stripLocale(path)).toBe(bare);
  });
});

describe("localizePath", () => {
  test.each([
    ["/", "en", "/"],
    ["/", "de", "/de"],
    ["/pricing", "es", "/es/pricing"],
    ["/de/pricing", "fr", "/fr/pricing"],
    ["/de/pricing", "en", "/pricing"],
    ["/privacy-policy#section-11", "de", "/de/privacy-policy#section-11"],
    ["/faqs?q=currency", "fr", "/fr/faqs?q=currency"],
    ["/fr/?q=x", "de", "/de?q=x"],
  ] as const)("%s in %s is %s", (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });
});

test("normalizePath trims trailing and doubled slashes but keeps the root", () => {
  expect(normalizePath("/")).toBe("/");
  expect(normalizePath("")).toBe("/");
  expect(normalizePath("//pricing//")).toBe("/pricing");
});

describe("localeFromAcceptLanguage", () => {
  test.each([
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["it-IT,fr;q=0.5,de;q=0.7", "de"],
    ["en-GB", "en"],
    ["it, pt;q=0.9", null],
    ["fr;q=0, es;q=0.1", "es"],
    ["", null],
  ])("%s picks %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
