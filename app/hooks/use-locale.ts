import { useLocation } from "react-router";
import { type Locale, localeFromPath } from "../lib/locale.ts";

/** The locale of the current page, read from its path. */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
