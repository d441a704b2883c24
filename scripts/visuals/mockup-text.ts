/**
 * The mock-ups' words and numbers in one locale: strings from the `mockups` catalogue
 * (app/locales/<locale>/mockups.json, translated like every other page string) and numbers,
 * money and month names formatted by Intl the way the product formats them in that locale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { flattenMessages, type NestedMessages } from "../../app/lib/i18n/flatten.ts";
import { LOCALE_TAGS, type Locale } from "../../app/lib/locale.ts";

const LOCALES_DIR = join(import.meta.dirname, "../../app/locales");

export interface MockupText {
  locale: Locale;
  /** BCP 47 tag for `lang` and Intl. */
  tag: string;
  /** A `mockups.<key>` message, formatted with its values. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Whole euros (or another currency): €412,000 / 412.000 € / 412 000 €. */
  eur: (value: number, currency?: string) => string;
  /** Millions with two decimals: €3.06M / 3,06 Mio. € . */
  eurMillions: (value: number, currency?: string) => string;
  /** A plain number with the locale's grouping and decimals. */
  number: (value: number, fractionDigits?: number) => string;
  /** Short month name, 0 = January. */
  month: (index: number) => string;
}

export function mockupText(locale: Locale): MockupText {
  const tag = LOCALE_TAGS[locale];
  const catalogue = JSON.parse(
    readFileSync(join(LOCALES_DIR, locale, "mockups.json"), "utf8"),
  ) as NestedMessages;
  const messages = flattenMessages(catalogue, "mockups");
  const months = Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }).format(
      Date.UTC(2026, index, 15),
    ),
  );
  return {
    locale,
    tag,
    t(key, values) {
      const message = messages[`mockups.${key}`];
      if (message === undefined) throw new Error(`No message mockups.${key} in ${locale}`);
      return String(new IntlMessageFormat(message, tag).format(values));
    },
    eur: (value, currency = "EUR") =>
      new Intl.NumberFormat(tag, { style: "currency", currency, maximumFractionDigits: 0 }).format(
        value,
      ),
    eurMillions: (value, currency = "EUR") =>
      new Intl.NumberFormat(tag, {
        style: "currency",
        currency,
        notation: "compact",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    number: (value, fractionDigits = 0) =>
      new Intl.NumberFormat(tag, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }).format(value),
    month: (index) => months[index] ?? "",
  };
}
