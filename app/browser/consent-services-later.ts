/**
 * The consent-gated services (consent-services.ts, with the analytics client and the loaders
 * of the tag manager, LinkedIn's tag and the chat) come in a chunk of their own, fetched once
 * the app has started: none of it draws anything, and on a phone line its few kilobytes
 * would otherwise delay every page's start. Calls keep their order; a chunk that fails to
 * load is asked for again by the next call.
 */
type ConsentServices = Pick<
  typeof import("./consent-services.ts"),
  "startConsentServices" | "recordNavigation"
>;

export function consentServicesLoadedBy(load: () => Promise<ConsentServices>) {
  let services: Promise<ConsentServices> | null = null;
  const withServices = (run: (loaded: ConsentServices) => void) => {
    services ??= load();
    services.then(run, (error: unknown) => {
      services = null;
      console.warn("[consent] the consent-gated services did not load", error);
    });
  };
  return {
    /** `startConsentServices` once its chunk has arrived. */
    startConsentServices(): void {
      withServices((loaded) => loaded.startConsentServices());
    },
    /** `recordNavigation` once its chunk has arrived, after the calls made before it. */
    recordNavigation(path: string): void {
      withServices((loaded) => loaded.recordNavigation(path));
    },
  };
}

export const consentServicesLater = consentServicesLoadedBy(() => import("./consent-services.ts"));
