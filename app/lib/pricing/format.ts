/**
 * Building an `Intl.NumberFormat` costs far more than formatting with one (a pricing page
 * formats dozens of prices while it hydrates), so each distinct format is built once.
 */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in the page's locale and currency (SPEC §9), without decimals when the amount
 * is whole: every list price is a whole number, so cents would only add noise.
 */
export function formatPrice(amount: number, locale: string, currency: string): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const key = `${locale} ${currency} ${fractionDigits}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}
