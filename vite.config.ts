import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { type PatchName, skippedPatches } from "./scripts/patches.ts";
import { amplitudeSwitchedOff } from "./scripts/vite/amplitude-switched-off.ts";
import { buildTargets } from "./scripts/vite/browser-targets.ts";
import { buildConfigPlugin } from "./scripts/vite/build-config-plugin.ts";
import { eagerCompileHint } from "./scripts/vite/eager-compile-hint.ts";
import { reactDomClientModule } from "./scripts/vite/react-dom-client-module.ts";
import {
  ROUTER_BEFORE_RENDERER_FLAG,
  routerBeforeRenderer,
} from "./scripts/vite/router-before-renderer.ts";
import { routerLinkComponentsDropped } from "./scripts/vite/router-link-components-dropped.ts";
import { routerPartsSwitchedOff } from "./scripts/vite/router-parts-switched-off.ts";
import { isShellCandidate, LANDING_FAMILY, shellChunkGuard } from "./scripts/vite/shell-chunk.ts";

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

/**
 * The patches of other projects' code and output (scripts/patches.ts). `BUILD_SKIP_PATCHES`
 * leaves some out, for bench/patches.ts to measure what each buys.
 */
const skipped = skippedPatches();
const applied = (name: PatchName) => !skipped.has(name);

export default defineConfig({
  plugins: [
    icuWithoutParserInBrowser(),
    applied("amplitude-switched-off") && amplitudeSwitchedOff(["client"]),
    // React Router's lazy and custom route discovery and its instrumentation, which a
    // prerendered site without instrumentations never runs: about 4 KB gzip off every first
    // load (decision record 0028).
    applied("router-parts-switched-off") && routerPartsSwitchedOff(["client"]),
    applied("router-link-components-dropped") && routerLinkComponentsDropped(["client"]),
    // The client entry makes React Router's router while React DOM's renderer downloads
    // (decision record 0022); this checks the component it calls for that.
    applied("router-before-renderer") && routerBeforeRenderer(["client"]),
    // Analytics keys, tag ids, chat and videos from the environment (docs/configuration.md).
    buildConfigPlugin(),
    // React DOM as an ES module, compiled while it streams in rather than on the main thread
    // when the page starts (decision record 0014).
    applied("react-dom-client-module") && reactDomClientModule(),
    reactRouter(),
    // The chunks a page starts with compile on a background thread as they stream in, not
    // function by function on the main thread while it starts (decision record 0014).
    eagerCompileHint(),
    // Fails the build when page-specific code lands in the shell, on every page's first load.
    shellChunkGuard(),
  ],
  define: {
    "import.meta.env.VITE_BUILD_YEAR": JSON.stringify(String(new Date().getUTCFullYear())),
    [ROUTER_BEFORE_RENDERER_FLAG]: JSON.stringify(applied("router-before-renderer")),
  },
  build: {
    // The support matrix is package.json's `browserslist`; the emitted syntax follows it.
    target: buildTargets(),
    // The CSP allows fonts and scripts only from 'self', so nothing may be inlined as data: URIs.
    assetsInlineLimit: 0,
    // One stylesheet for every page: a first visit on a phone line waits for one file after
    // the HTML instead of four on connections of their own, and later pages need no CSS at
    // all (decision record 0013). scripts/postbuild.ts checks that, and the cascade order.
    cssCodeSplit: false,
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
    minify: process.env.BUNDLE_NO_MINIFY !== "1",
    // A page starts once its chunks have arrived, over a phone line where HTTP/1.1's six
    // connections per host make each further six requests another round trip. Left to
    // itself the bundler split the first load into 26-30 chunks, many under 1 KB; these
    // groups make it 10-13, with fewer bytes (decision record 0012). scripts/postbuild-lib.ts
    // holds every page to FIRST_LOAD_BUDGET, so a group that stops matching fails the build.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router, everything the router needs: they arrive and evaluate
            // while React DOM's renderer, which the client entry imports only once it has
            // created the router, is still on its way (decision record 0022). The renderer
            // (react-dom-client and the scheduler) is that import's own chunk.
            {
              name: "router",
              // (`client.js` is the renderer's entry where React DOM stays CommonJS.)
              test: /node_modules[\\/](react-router[\\/]|react[\\/]|react-dom[\\/](?!cjs[\\/]react-dom-client|client\.js))/,
              priority: 3,
            },
            // The Xero-connection panel and its icons: about a kilobyte that the integration
            // guide's pages start with and /xero loads after the start (partner-sections), in
            // one request instead of one per sharer.
            {
              name: "data-flow",
              test: /[\\/]app[\\/](components|lib)[\\/]integration[\\/](data-flow\.ts|flow-icon|xero-connection-panel)/,
              minShareCount: 2,
              // Below the shell: a group takes its modules' dependencies with it, and the
              // shell's (locale, links, translator) must stay in the shell.
              priority: 0,
            },
            // The data-flow diagram, which the guide's pages draw in their first load and the
            // Xero page only after the start, below its first screen (partner-sections).
            {
              name: "data-flow-diagram",
              test: /[\\/]app[\\/](components|lib)[\\/]integration[\\/](data-flow-diagram|flow-svg|wrap-label)/,
              minShareCount: 2,
              priority: 0,
            },
            // What the referrals page starts with and shares with its modals' chunk (the
            // forms' constants and percents, the `?error=` reader): one request, not three.
            {
              name: "referrals-start",
              test: /[\\/]app[\\/](components|lib)[\\/]referrals[\\/](constants|percents|submission|format)\./,
              minShareCount: 2,
              priority: 0,
            },
            // The forms' frame and fields, which the modals (after the start) and the live
            // form (on opening one) share.
            {
              name: "referral-forms",
              test: /[\\/]app[\\/]components[\\/](referrals[\\/]form-|ui[\\/]field)/,
              minShareCount: 2,
              priority: 0,
            },
            // What the landing pages (/, /xero, /features) share with each other and with
            // their sections that come after the start (later-sections): one request
            // instead of one per set of sharers.
            {
              name: "landing",
              test: LANDING_FAMILY,
              minShareCount: 2,
              priority: 0,
            },
            // What every page's layout needs, and what half of the pages or more share
            // (scripts/vite/shell-chunk.ts; only what two or more chunks share).
            {
              name: "shell",
              test: isShellCandidate,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
