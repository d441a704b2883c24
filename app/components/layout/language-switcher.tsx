import { useLocation, useMatches } from "react-router";
import { useLocale } from "../../hooks/use-locale.ts";
import { useT } from "../../hooks/use-t.ts";
import { LANGUAGE_SWITCHER_CLASS, LOCALE_NAMES, LOCALES, localizePath } from "../../lib/locale.ts";
import { ClientLink } from "../ui/client-link.tsx";

/**
 * Links to the same page in every language. The choice is remembered in a cookie by the
 * page's inline LANGUAGE_CHOICE_SCRIPT, so that a click before the app has started counts too.
 */
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
    <nav className={LANGUAGE_SWITCHER_CLASS} aria-label={t("common.language.label")}>
      <ul>
        {LOCALES.map((option) => (
          <li key={option}>
            <ClientLink
              to={localizePath(target, option)}
              hrefLang={option}
              lang={option}
              aria-current={option === locale ? "true" : undefined}
              aria-label={
                option === locale
                  ? t("common.language.current", { language: LOCALE_NAMES[option] })
                  : undefined
              }
              className="language-switcher__link"
            >
              {LOCALE_NAMES[option]}
            </ClientLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
