/**
 * A whole percentage in the page's locale: "10%" in English, "10 %" in German and French
 * (with the locale's own non-breaking space).
 *
 * @param locale BCP 47 tag, e.g. `de-DE`
 * @param percent 0–100
 */
export function formatPercent(locale: string, percent: number): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
