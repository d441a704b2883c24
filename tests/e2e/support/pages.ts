import { LOCALES, type Locale, localizePath } from "../../../app/lib/locale.ts";
import { allPagePaths } from "../../../app/lib/pages.ts";

/** Paths that answer with their own page (the step-by-step guide redirects off-site). */
export const PAGE_PATHS = allPagePaths().filter(
  (path) => path !== "/xero-integration/step-by-step",
);

export const LOCALIZED_PAGES: Array<{ locale: Locale; path: string }> = LOCALES.flatMap((locale) =>
  PAGE_PATHS.map((path) => ({ locale, path: localizePath(path, locale) })),
);

/** Resolves once React Router has hydrated the prerendered page. */
export const HYDRATED = () =>
  (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !==
  undefined;
