/**
 * What Vite's preload helper asks for before a dynamic import's chunk: by default every chunk
 * it depends on, each as a `<link rel="modulepreload">` appended to the document's head.
 *
 * Two imports made while a page starts get no list:
 * - the client entry's import of React DOM's renderer, which the boot script has already
 *   asked for with every other chunk (scripts/defer-hydration.ts), so a list would only add
 *   bytes to the entry;
 * - the consent-gated services (app/browser/consent-services-later.ts), imported by an effect
 *   of the hydrating page. Appending their links (three new ones among six) took 1-7 ms of
 *   main-thread time inside the task that runs the start's effects (a CPU profile of /terms,
 *   unthrottled, decision record 0023); without them the chunk's own two small dependencies
 *   arrive one round trip later, for services that run after the start anyway.
 *
 * Every other dynamic import (a modal, a later section, the analytics SDK) keeps its list: it
 * answers a visitor's action, where a round trip would be felt.
 */
const NO_LIST_FROM_HOSTS = /(^|[\\/])entry\.client[-.]/;
const NO_LIST_FOR_FILES = /(^|[\\/])consent-services-[\w-]+\.js$/;

export function preloadDependencies(
  file: string,
  dependencies: string[],
  hostId: string,
): string[] {
  return NO_LIST_FROM_HOSTS.test(hostId) || NO_LIST_FOR_FILES.test(file) ? [] : dependencies;
}
