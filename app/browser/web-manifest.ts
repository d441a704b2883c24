/**
 * The web app manifest is linked once the app has started, not in the prerendered head.
 * Nothing on a first screen needs it (only adding the site to a home screen does), yet a
 * `<link rel="manifest">` in the head is fetched with the first wave of requests, on a
 * connection that the stylesheet, the font and the masthead image need. On the throttled
 * phone profile that one small request delayed the largest paint of every page by about
 * 140 ms (Lighthouse simulated mobile, /terms 1209 → 1065 ms; docs/decisions/0016).
 */
export const WEB_MANIFEST_PATH = "/site.webmanifest";

/** Adds the manifest link to the head, once however often it is called. */
export function linkWebManifest(document: Document): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = WEB_MANIFEST_PATH;
  document.head.append(link);
}
