import type { Config } from "@react-router/dev/config";
import { DEFAULT_LOCALE, localeFromPath } from "./app/lib/locale.ts";
import { prerenderPaths } from "./app/lib/pages.ts";

/**
 * `npm run build:pseudo` builds the layout suite's pseudo-locale site (English replaced by
 * en-XA, app/lib/i18n/pseudo.ts): the English pages only, into a directory of its own that
 * nothing but the tests serves.
 */
const isPseudoBuild = process.env.VITE_PSEUDO_LOCALE === "1";

export default {
  // Every page is prerendered to static HTML at build time, then hydrates into a SPA.
  ssr: false,
  // BUILD_DIR: where the build goes, as the server reads it (bench/patches.ts builds its
  // variants side by side this way).
  buildDirectory: isPseudoBuild ? "build-pseudo" : process.env.BUILD_DIR?.trim() || "build",
  prerender: () =>
    isPseudoBuild
      ? prerenderPaths().filter((path) => localeFromPath(path) === DEFAULT_LOCALE)
      : prerenderPaths(),
} satisfies Config;
