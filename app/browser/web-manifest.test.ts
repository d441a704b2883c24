import { afterEach, expect, test } from "vitest";
import { linkWebManifest, WEB_MANIFEST_PATH } from "./web-manifest.ts";

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="manifest"]')) link.remove();
});

test("links the manifest in the head", () => {
  linkWebManifest(document);
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
  expect(links).toHaveLength(1);
  expect(links[0]?.getAttribute("href")).toBe(WEB_MANIFEST_PATH);
});

test("links it once, however often the app's effects run", () => {
  linkWebManifest(document);
  linkWebManifest(document);
  expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
});
