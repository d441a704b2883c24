import { parse } from "@formatjs/icu-messageformat-parser";
import { afterEach, expect, test, vi } from "vitest";
import { compileMessages } from "./compile.server.ts";
import { createTranslator, messageText } from "./translator.ts";

afterEach(() => vi.restoreAllMocks());

test("plain text ships as text and ICU messages ship parsed", () => {
  const compiled = compileMessages({ a: "We're open", b: "Hello {name}", c: "It''s {n}" });
  expect(compiled.a).toBe("We're open");
  expect(compiled.b).toEqual(parse("Hello {name}"));
  expect(Array.isArray(compiled.c)).toBe(true);
});

test("invalid ICU fails the build with the message id", () => {
  expect(() => compileMessages({ broken: "Hello {name" })).toThrow(/broken/);
});

test("formats placeholders, plurals and numbers in the locale", () => {
  const translate = createTranslator(
    "de-DE",
    compileMessages({
      greet: "Hallo {name}",
      count: "{n, plural, one {# Nutzer} other {# Nutzer:innen}}",
      price: "{amount, number, ::currency/EUR}",
    }),
  );
  expect(translate("greet", { name: "Zoë" })).toBe("Hallo Zoë");
  expect(translate("count", { n: 1 })).toBe("1 Nutzer");
  expect(translate("count", { n: 3 })).toBe("3 Nutzer:innen");
  expect(String(translate("price", { amount: 1234.5 })).replace(/\s/g, " ")).toBe("1.234,50 €");
});

test("tags are rendered by the functions given for them", () => {
  const translate = createTranslator(
    "en-GB",
    compileMessages({ m: "Read <link>the guide</link>." }),
  );
  const link = (chunks: string[]) => ({ href: "/guide", chunks });
  expect(translate("m", { link })).toEqual([
    "Read ",
    { href: "/guide", chunks: ["the guide"] },
    ".",
  ]);
});

test("a missing message shows its id and is reported once", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const translate = createTranslator("en-GB", {});
  expect(translate("nope")).toBe("nope");
  translate("nope");
  expect(error).toHaveBeenCalledTimes(1);
});

test("messageText keeps literal text only", () => {
  expect(messageText("Pricing")).toBe("Pricing");
  expect(messageText(parse("It''s here"))).toBe("It's here");
  expect(messageText(undefined)).toBe("");
});

test("messageText leaves out soft hyphens: titles and descriptions are not laid out", () => {
  expect(messageText("Nutzungs\u00adbedingungen")).toBe("Nutzungsbedingungen");
  expect(messageText(parse("Kann Beyond mit einem Buchhaltungs\u00adsystem {x}?"))).toBe(
    "Kann Beyond mit einem Buchhaltungssystem ?",
  );
});
