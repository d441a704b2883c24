/**
 * Stands in, in the browser build, for React Router's custom route discovery
 * (`react-router/dist/production/lib/dom/ssr/route-discovery.js`, React Router 8.5), which
 * runs only with the `future.unstable_customRouteDiscovery` flag, and discovers routes only
 * for an app rendered on a server (`ssr: true`, lazy discovery). This site sets neither
 * (react-router.config.ts): every page carries its whole route manifest. The module's code
 * is still bundled, because `HydratedRouter` names it behind the flag: about 3.5 KB gzip
 * of every page's first load. scripts/vite/router-parts-switched-off.ts swaps it in.
 */

function switchedOff(): never {
  throw new Error(
    "React Router's custom route discovery is switched off in the browser build (scripts/vite/router-parts-switched-off.ts): future.unstable_customRouteDiscovery needs React Router's own module",
  );
}

/** Created by `HydratedRouter` only when `future.unstable_customRouteDiscovery` is on. */
export class RouteDiscoveryRuntime {
  constructor() {
    switchedOff();
  }
}

export const getCustomPatchRoutesOnNavigationFunction = switchedOff;
export const useCustomRouteDiscovery = switchedOff;
/** `unstable_useRouteDiscovery`, which the site does not call. */
export const useRouteDiscovery = switchedOff;
