import { parse as parseMessage } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createTranslator } from "./translator.ts";
import { wholeNumberFormat, wholeNumberPluralRules } from "./whole-numbers.ts";

const LOCALES = ["en-GB", "de-DE", "es-ES", "fr-FR"] as const;

/** Every count up to 20,000, then samples up to two million, and round millions beyond. */
function counts(): number[] {
  const values: number[] = [];
  for (let n = 0; n <= 20_000; n += 1) values.push(n);
  for (let n = 20_000; n <= 2_000_000; n += 997) values.push(n);
  values.push(999_999, 1_000_000, 1_000_001, 2_000_000, 5_000_000, 1_000_000_000, 123_456_789);
  return values;
}

describe.each(LOCALES)("%s counts, as Intl writes them", (locale) => {
  test("number format", () => {
    const ours = wholeNumberFormat(locale);
    const intl = new Intl.NumberFormat(locale);
    for (const n of counts()) {
      if (ours.format(n) !== intl.format(n)) expect(ours.format(n), `${n}`).toBe(intl.format(n));
    }
  });

  test("plural categories", () => {
    const ours = wholeNumberPluralRules(locale, { type: "cardinal" });
    const intl = new Intl.PluralRules(locale, { type: "cardinal" });
    for (const n of counts()) {
      if (ours.select(n) !== intl.select(n)) expect(ours.select(n), `${n}`).toBe(intl.select(n));
    }
  });
});

test("anything but a count in one of the four languages goes to Intl", () => {
  expect(wholeNumberFormat("de-DE").format(1234.5)).toBe("1.234,5");
  expect(wholeNumberFormat("en-GB").format(-1200)).toBe("-1,200");
  expect(wholeNumberFormat("en-GB", { style: "percent" }).format(1)).toBe("100%");
  expect(wholeNumberFormat("ar-EG").format(12)).toBe(new Intl.NumberFormat("ar-EG").format(12));
  expect(wholeNumberFormat("de-DE-u-nu-arab").format(12)).toBe(
    new Intl.NumberFormat("de-DE-u-nu-arab").format(12),
  );
  expect(wholeNumberPluralRules("en-GB", { type: "ordinal" }).select(2)).toBe("two");
  expect(wholeNumberPluralRules("fr-FR").select(1.5)).toBe("one");
  expect(wholeNumberPluralRules("pl-PL").select(3)).toBe("few");
});

describe("messages with counts need no Intl", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // intl-messageformat reaches the translator's formatters only through `format` and
  // `select`; if an upgrade calls anything else, or builds an Intl object of its own for a
  // count, this test fails.
  test.each(LOCALES)("%s", (locale) => {
    const messages = {
      line: "{count, number} × {price}",
      users: "{n, plural, =0 {no users} one {# user} many {# users (many)} other {# users}}",
    };
    const compiled = Object.fromEntries(
      Object.entries(messages).map(([id, text]) => [id, parseMessage(text)]),
    );
    // The reference: intl-messageformat with its own Intl formatters.
    const withIntl = (id: keyof typeof messages, values: Record<string, string | number>) =>
      new IntlMessageFormat(messages[id], locale).format(values);
    const wanted = [0, 1, 2, 5, 1234, 12_345, 1_000_000].map((n) => [
      withIntl("line", { count: n, price: "€24" }),
      withIntl("users", { n }),
    ]);
    const refuse = () => {
      throw new Error("Intl was called for a count");
    };
    vi.stubGlobal("Intl", { ...Intl, NumberFormat: refuse, PluralRules: refuse });
    const t = createTranslator(locale, compiled);
    const got = [0, 1, 2, 5, 1234, 12_345, 1_000_000].map((n) => [
      t("line", { count: n, price: "€24" }),
      t("users", { n }),
    ]);
    expect(got).toEqual(wanted);
  });
});
