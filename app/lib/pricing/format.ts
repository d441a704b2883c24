/**
 * A price in the page's locale and currency (SPEC §9), without decimals when the amount
 * is whole: every list price is a whole number, so cents would only add noise.
 */
export function formatPrice(amount: number, locale: string, currency: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
