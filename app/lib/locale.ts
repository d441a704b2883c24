/**
 * The only module that knows how locales map onto paths (English at the root,
 * other locales under a two-letter prefix with the same paths after it).
 */
export const LOCALES = ["en", "de", "es", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each locale's own name, as a speaker of it writes it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
};

/**
 * True only in the layout suite's test build (`npm run build:pseudo`, into `build-pseudo/`),
 * where English is replaced by the pseudo-locale en-XA (app/lib/i18n/pseudo.ts). Vite writes
 * the value into the bundles; code run directly by Node (the server) sees no `env`.
 */
export const IS_PSEUDO_BUILD = import.meta.env?.VITE_PSEUDO_LOCALE === "1";

/** BCP 47 tags used for `hreflang`, `<html lang>` and `Intl` formatting. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: IS_PSEUDO_BUILD ? "en-XA" : "en-GB",
  de: "de-DE",
  es: "es-ES",
  fr: "fr-FR",
};

/** Name of the consent-free cookie that remembers an explicit language choice. */
export const LOCALE_COOKIE = "lang";
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The class of the language switcher's list of links, where a choice is recognised. */
export const LANGUAGE_SWITCHER_CLASS = "language-switcher";

/**
 * Inline script in every page's head that remembers the language a visitor picks in a
 * switcher. It listens on the document rather than in the app because the app starts after
 * the first paint: a click before then is a plain link, and without the cookie the server
 * would send a visitor who had chosen German earlier back to German when they pick English.
 * Capture phase, so it also runs when the router takes the click over. The cookie is a
 * language preference, strictly necessary for the service asked for: consent-free.
 * Its text is constant, so its CSP hash is too.
 */
export const LANGUAGE_CHOICE_SCRIPT = `document.addEventListener("click",function(e){var a=e.target instanceof Element&&e.target.closest(".${LANGUAGE_SWITCHER_CLASS} a[hreflang]");if(a)document.cookie="${LOCALE_COOKIE}="+a.getAttribute("hreflang")+"; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")},true);`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * Removes a trailing slash (prerendering requests `/pricing/`) and
 * collapses repeated slashes, keeping the root as `/`.
 */
export function normalizePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  if (collapsed === "" || collapsed === "/") return "/";
  return collapsed.endsWith("/") ? collapsed.slice(0, -1) : collapsed;
}

/** The locale a path belongs to: its first segment if that is a non-default locale, else English. */
export function localeFromPath(pathname: string): Locale {
  const first = normalizePath(pathname).split("/")[1];
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  const path = normalizePath(pathname);
  const locale = localeFromPath(path);
  if (locale === DEFAULT_LOCALE) return path;
  const rest = path.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/**
 * The same page in another locale. Accepts a locale-free or localized path and keeps
 * any `?query` or `#fragment`.
 */
export function localizePath(path: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = match?.[1] || "/";
  const suffix = match?.[2] ?? "";
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return `${bare}${suffix}`;
  return `${bare === "/" ? `/${locale}` : `/${locale}${bare}`}${suffix}`;
}

/**
 * Picks the best supported locale from an `Accept-Language` header, or null when none fits.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
