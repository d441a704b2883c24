/**
 * Stands in, in the browser build, for React Router's lazy route discovery
 * (`react-router/dist/production/lib/dom/ssr/fog-of-war.js`). Discovery runs only for an app
 * rendered on a server (`ssr: true`); this site is prerendered with `ssr: false`
 * (react-router.config.ts), and then every page carries the whole route manifest and the
 * real module's functions do nothing. Its code is still bundled: about 7 KB before
 * minification on every page's first load. scripts/vite/router-parts-switched-off.ts swaps
 * it in, and its test checks against the installed module that each function behaves the
 * same for `ssr: false` and that no importer needs a name missing here.
 */

interface RouteDiscovery {
  mode: string;
}

function serverRenderingOnly(ssr: boolean): void {
  if (ssr) {
    throw new Error(
      "Lazy route discovery is switched off in the browser build (scripts/vite/router-parts-switched-off.ts); ssr: true needs React Router's own module",
    );
  }
}

export function isFogOfWarEnabled(_routeDiscovery: RouteDiscovery, ssr: boolean): boolean {
  serverRenderingOnly(ssr);
  return false;
}

/** Called only when discovery is on (the inline manifest of `<Scripts>`). */
export function getPartialManifest(): never {
  throw new Error("Lazy route discovery is switched off: no partial manifest");
}

export function getPatchRoutesOnNavigationFunction(
  _getRouter: unknown,
  _manifest: unknown,
  _routeModules: unknown,
  ssr: boolean,
): undefined {
  serverRenderingOnly(ssr);
  return undefined;
}

export function useFogOFWarDiscovery(
  _router: unknown,
  _manifest: unknown,
  _routeModules: unknown,
  ssr: boolean,
): void {
  serverRenderingOnly(ssr);
}

// Imported only by React Router's server and RSC modules, which the browser build leaves out;
// the bundler still wants the names to exist.
export const URL_LIMIT = 7680;
export function getManifestPath(): never {
  throw new Error("Lazy route discovery is switched off: no manifest path");
}
export function getManifestPathsParam(): never {
  throw new Error("Lazy route discovery is switched off: no manifest paths");
}
export function shouldUseInitialRouteDiscovery(): never {
  throw new Error("Lazy route discovery is switched off: no initial discovery");
}
export function getPathsWithAncestors(): never {
  throw new Error("Lazy route discovery is switched off: no discovered paths");
}
export function handleClientVersionMismatch(): never {
  throw new Error("Lazy route discovery is switched off: no version check");
}
