/**
 * How a locale writes a price in one currency, read from `Intl.NumberFormat` at build time
 * (the pricing route's loader). The browser then formats every price from this small
 * description: its first `Intl.NumberFormat` would load ICU's number and currency data, a
 * task of several hundred milliseconds on a phone, while the page is starting.
 */
export interface PriceFormat {
  /** Text before the digits, e.g. "€". */
  prefix: string;
  /** Text after the digits, e.g. "\u00a0€". */
  suffix: string;
  /** Thousands separator, e.g. "," or "\u202f". */
  group: string;
  /** Decimal separator. */
  decimal: string;
  /** Fewest integer digits that get grouped: 4 for most locales, 5 for es-ES ("8640 €"). */
  minimumGroupedDigits: number;
}

const SAMPLE = 1234567.25;

/** Reads a locale's price format from `Intl` (for loaders; the browser never calls it). */
export function priceFormatFor(locale: string, currency: string): PriceFormat {
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
  });
  const parts = format.formatToParts(SAMPLE);
  const firstDigit = parts.findIndex((part) => part.type === "integer");
  const lastDigit = parts.findLastIndex((part) => part.type === "fraction");
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join("");
  const fourDigits = format.formatToParts(1234.25);
  return {
    prefix: text(0, firstDigit),
    suffix: text(lastDigit + 1, parts.length),
    group: parts.find((part) => part.type === "group")?.value ?? "",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    minimumGroupedDigits: fourDigits.some((part) => part.type === "group") ? 4 : 5,
  };
}

/**
 * A non-negative price in the described format (SPEC §9), without decimals when the amount
 * is whole: every list price is a whole number, so cents would only add noise. Rounds to
 * cents half away from zero on the amount's shortest decimal form, as `Intl.NumberFormat`
 * does (7.034999999999999 becomes 7.03, 1.005 becomes 1.01).
 */
export function formatPrice(amount: number, format: PriceFormat): string {
  if (!Number.isFinite(amount) || amount < 0 || amount >= 1e15) {
    throw new RangeError(`not a price: ${amount}`);
  }
  const isWhole = Number.isInteger(amount);
  const cents = roundedCents(amount);
  const integer = String(Math.floor(cents / 100));
  const grouped =
    integer.length < format.minimumGroupedDigits
      ? integer
      : integer.replace(/\B(?=(\d{3})+$)/g, format.group);
  const fraction = isWhole ? "" : `${format.decimal}${String(cents % 100).padStart(2, "0")}`;
  return `${format.prefix}${grouped}${fraction}${format.suffix}`;
}

/** The amount in whole cents, rounded half up on its shortest decimal form. */
function roundedCents(amount: number): number {
  // Below 1e21 and at or above 1e-7 a number's string has no exponent; smaller is 0 cents.
  if (amount < 1e-7) return 0;
  const [whole = "0", fraction = ""] = String(amount).split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  return (fraction[2] ?? "0") >= "5" ? cents + 1 : cents;
}
