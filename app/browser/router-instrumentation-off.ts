/**
 * Stands in, in the browser build, for React Router's instrumentation
 * (`react-router/dist/production/lib/router/instrumentation.js`), which the router uses only
 * when it is given `instrumentations`. app/entry.client.tsx gives none, so the real module
 * only ever answers "no receiver"; its code is still bundled, about 9 KB before minification
 * on every page's first load. scripts/vite/router-parts-switched-off.ts swaps it in; its test
 * checks the installed module's answer and that no importer needs a name missing here.
 */

function switchedOff(): never {
  throw new Error(
    "React Router instrumentation is switched off in the browser build (scripts/vite/router-parts-switched-off.ts)",
  );
}

/** Without instrumentations no receiver is ever registered. */
export function consumeInstrumentationClientResultMetaReceiver(_router: unknown): undefined {
  return undefined;
}

export const getRouteInstrumentationUpdates = switchedOff;
export const instrumentClientSideRouter = switchedOff;

// Imported only by React Router's request handler, which the browser build leaves out; the
// bundler still wants the names to exist.
export const instrumentHandler = switchedOff;
export const instrumentationResultMetaContext = Symbol("instrumentation switched off");
