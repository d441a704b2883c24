/**
 * Whole numbers and their plural categories in the site's four languages, without `Intl`.
 * A page's first `Intl.NumberFormat` or `Intl.PluralRules` loads ICU data: about 70 ms of
 * main thread at a phone's 4× CPU slowdown, inside the hydration of the pricing calculator,
 * whose sentences count people ("5 power users", "20 × €24"). Every count on the site is a
 * non-negative whole number, and for those the four languages' rules are short; anything
 * else (fractions, options, another locale such as the pseudo-locale) goes to `Intl` as
 * before. A unit test compares both with `Intl` for every count up to two million and
 * beyond, so a change in the CLDR data the build runs on shows up as a failing test.
 */

interface WholeNumberShape {
  /** Thousands separator. */
  group: string;
  /** Fewest digits that get grouped: Spanish writes "8640" but "18.640". */
  minimumGroupedDigits: number;
  /** CLDR cardinal plural category of a non-negative whole number. */
  plural: (n: number) => Intl.LDMLPluralRule;
}

/** CLDR's "many" in Spanish and French: a non-zero multiple of a million. */
const isMillions = (n: number) => n !== 0 && n % 1_000_000 === 0;

const SHAPES: Record<string, WholeNumberShape> = {
  en: { group: ",", minimumGroupedDigits: 4, plural: (n) => (n === 1 ? "one" : "other") },
  de: { group: ".", minimumGroupedDigits: 4, plural: (n) => (n === 1 ? "one" : "other") },
  es: {
    group: ".",
    minimumGroupedDigits: 5,
    plural: (n) => (n === 1 ? "one" : isMillions(n) ? "many" : "other"),
  },
  fr: {
    group: "\u202f",
    minimumGroupedDigits: 4,
    plural: (n) => (n <= 1 ? "one" : isMillions(n) ? "many" : "other"),
  },
};

/** The rules for a BCP 47 tag of one of the four languages (any region), else none. */
function shapeOf(locales: unknown): WholeNumberShape | undefined {
  const tag = Array.isArray(locales) ? locales[0] : locales;
  if (typeof tag !== "string") return undefined;
  const [language, ...rest] = tag.split("-");
  // A tag with a script, variant or extension (the pseudo-locale, -u-nu-…) may differ.
  if (rest.length > 1 || (rest[0] !== undefined && !/^[A-Z]{2}$/.test(rest[0]))) return undefined;
  return language === undefined ? undefined : SHAPES[language];
}

const isCount = (n: unknown): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

const hasNoOptions = (options: unknown) =>
  options === undefined ||
  options === null ||
  (typeof options === "object" && Object.keys(options).length === 0);

function grouped(n: number, shape: WholeNumberShape): string {
  const digits = String(n);
  return digits.length < shape.minimumGroupedDigits
    ? digits
    : digits.replace(/\B(?=(\d{3})+$)/g, shape.group);
}

/** What a message formatter calls on a number format: `format` only. */
export interface NumberFormatter {
  format(value: number | bigint): string;
}

/** What a message formatter calls on plural rules: `select` only. */
export interface PluralSelector {
  select(value: number): Intl.LDMLPluralRule;
}

/**
 * A number format that writes counts itself and builds `Intl.NumberFormat` only for
 * anything else, on first need.
 */
export function wholeNumberFormat(
  locales?: Intl.LocalesArgument,
  options?: Intl.NumberFormatOptions,
): NumberFormatter {
  const shape = hasNoOptions(options) ? shapeOf(locales) : undefined;
  let intl: Intl.NumberFormat | undefined;
  return {
    format(value) {
      if (shape && isCount(value)) return grouped(value, shape);
      intl ??= new Intl.NumberFormat(locales, options);
      return intl.format(value);
    },
  };
}

/** Cardinal plural rules that pick counts' categories themselves, like wholeNumberFormat. */
export function wholeNumberPluralRules(
  locales?: Intl.LocalesArgument,
  options?: Intl.PluralRulesOptions,
): PluralSelector {
  const cardinal = options === undefined || (options.type ?? "cardinal") === "cardinal";
  const shape = cardinal ? shapeOf(locales) : undefined;
  let intl: Intl.PluralRules | undefined;
  return {
    select(value) {
      if (shape && isCount(value)) return shape.plural(value);
      intl ??= new Intl.PluralRules(locales, options);
      return intl.select(value);
    },
  };
}
