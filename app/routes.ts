import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { DEFAULT_LOCALE, LOCALES } from "./lib/locale.ts";
import { PAGES } from "./lib/pages.ts";

/** The pseudo-locale test build (react-router.config.ts) has the English routes only. */
const locales = process.env.VITE_PSEUDO_LOCALE === "1" ? [DEFAULT_LOCALE] : LOCALES;

/**
 * One layout route per locale (it loads that locale's shared messages), holding every page
 * of the page table and a catch-all not-found page. Route ids are `${locale}-${page}`; the
 * postbuild step gives each locale's pages a manifest of the routes under their locale's
 * `${locale}-layout` only (scripts/locale-manifests.ts, decision record 0025).
 */
export default locales.map((locale) => {
  const children = [
    ...PAGES.map((page) =>
      page.pattern === ""
        ? index(page.file, { id: `${locale}-${page.id}` })
        : route(page.pattern, page.file, { id: `${locale}-${page.id}` }),
    ),
    route("*", "routes/not-found.tsx", { id: `${locale}-not-found` }),
  ];
  return locale === DEFAULT_LOCALE
    ? layout("routes/locale-layout.tsx", { id: `${locale}-layout` }, children)
    : route(locale, "routes/locale-layout.tsx", { id: `${locale}-layout` }, children);
}) satisfies RouteConfig;
