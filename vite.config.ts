import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { amplitudeSwitchedOff } from "./scripts/vite/amplitude-switched-off.ts";
import { buildTargets } from "./scripts/vite/browser-targets.ts";
import { buildConfigPlugin } from "./scripts/vite/build-config-plugin.ts";

/**
 * Messages are parsed at build time (app/lib/i18n/compile.server.ts), so the browser gets
 * FormatJS's formatter without its ICU parser: the same package, about 6 KB less gzip.
 */
function icuWithoutParserInBrowser(): Plugin {
  return {
    name: "icu-without-parser-in-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "@formatjs/icu-messageformat-parser" || this.environment.name !== "client") {
        return null;
      }
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, {
        ...options,
        skipSelf: true,
      });
    },
  };
}

export default defineConfig({
  plugins: [
    icuWithoutParserInBrowser(),
    amplitudeSwitchedOff(["client"]),
    // Analytics keys, tag ids, chat and videos from the environment (README: Configuration).
    buildConfigPlugin(),
    reactRouter(),
  ],
  define: {
    "import.meta.env.VITE_BUILD_YEAR": JSON.stringify(String(new Date().getUTCFullYear())),
  },
  build: {
    // The support matrix is package.json's `browserslist`; the emitted syntax follows it.
    target: buildTargets(),
    // The CSP allows fonts and scripts only from 'self', so nothing may be inlined as data: URIs.
    assetsInlineLimit: 0,
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
    minify: process.env.BUNDLE_NO_MINIFY !== "1",
  },
});
