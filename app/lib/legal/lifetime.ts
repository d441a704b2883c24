import type { Lifetime } from "../../content/legal.ts";

/**
 * A cookie lifetime such as "10 days" or "6 Monate" in the page's locale, through
 * `Intl.NumberFormat` units; null for lifetimes that are words ("session"), which the
 * catalogue provides.
 */
export function formatLifetime(lifetime: Lifetime, locale: string): string | null {
  if (!("value" in lifetime)) return null;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: lifetime.unit,
    unitDisplay: "long",
  }).format(lifetime.value);
}

/** A calendar date (`YYYY-MM-DD`) written out in the locale, the same in every time zone. */
export function formatCalendarDate(isoDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
