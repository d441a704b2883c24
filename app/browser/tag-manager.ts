import { pushToDataLayer } from "./data-layer.ts";
import { injectScript } from "./inject-script.ts";

/** The tag manager's script (SPEC §7), after Consent Mode defaults are in the data layer. */
const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/** Injects the tag manager container asynchronously; the standard snippet, without inline code. */
export function loadTagManager(containerId: string): Promise<void> {
  pushToDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
  return injectScript(`${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`);
}
