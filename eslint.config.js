/**
 * ESLint checks one thing here: that the JavaScript the site ships uses no browser API that
 * a browser of the support matrix (`browserslist` in package.json, docs/browsers.md) lacks.
 * Biome lints the source; this runs on the build's output (`npm run lint:js-compat`, after
 * `npm run build:test` in `npm test`), so library code is checked too, and TypeScript 7 needs
 * no parser here. eslint-plugin-compat cannot see feature detection, so the APIs below, each
 * used only behind a check with a fallback, are declared as handled.
 */
import compat from "eslint-plugin-compat";

export default [
  {
    files: ["build/client/assets/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { compat },
    rules: { "compat/compat": "error" },
    settings: {
      polyfills: [
        // app/entry.client.tsx: `scheduler.yield()` where it exists, else a message-channel task.
        "scheduler",
        // app/browser/consent-services.ts: `requestIdleCallback` where it exists, else a timer.
        "requestIdleCallback",
        // React DOM reads the connection's downlink where the browser reports one, else 5.
        "navigator.connection",
        // web-vitals (the speed report's chunk) reads them as flags, which are undefined and so
        // false where a browser lacks them: no prerendering, no discarded tab.
        "document.prerendering",
        "document.wasDiscarded",
      ],
    },
  },
];
