import { Link, useLocation, useMatches } from "react-router";
import { useLocale } from "../../hooks/use-locale.ts";
import { useT } from "../../hooks/use-t.ts";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  localizePath,
} from "../../lib/locale.ts";

function rememberLocale(locale: Locale): void {
  // A language preference is strictly necessary for the service asked for: consent-free.
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all this needs
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${
    window.location.protocol === "https:" ? "; Secure" : ""
  }`;
}

/** Links to the same page in every language; the choice is remembered in a cookie. */
export function LanguageSwitcher() {
  const t = useT();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const matches = useMatches();
  // The 404 page is prerendered once per locale and served for any unknown path, so its
  // switcher points at each home page rather than at a path that does not exist.
  const isNotFound = matches.some((match) => match.id.endsWith("-not-found"));
  const target = isNotFound ? "/" : `${pathname}${search}${hash}`;

  return (
    <nav className="language-switcher" aria-label={t("common.language.label")}>
      <ul>
        {LOCALES.map((option) => (
          <li key={option}>
            <Link
              to={localizePath(target, option)}
              hrefLang={option}
              lang={option}
              aria-current={option === locale ? "true" : undefined}
              aria-label={
                option === locale
                  ? t("common.language.current", { language: LOCALE_NAMES[option] })
                  : undefined
              }
              onClick={() => rememberLocale(option)}
              className="language-switcher__link"
            >
              {LOCALE_NAMES[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
