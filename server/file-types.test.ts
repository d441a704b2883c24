import { expect, test } from "vitest";
import {
  CONTENT_TYPES,
  isSubresourceFile,
  servableContentType,
  urlPathForFile,
} from "./file-types.ts";

test.each([
  ["index.html", "text/html; charset=utf-8"],
  ["assets/app-1a2b.js", "text/javascript; charset=utf-8"],
  ["assets/global-1a2b.css", "text/css; charset=utf-8"],
  ["pricing.data", "text/x-script; charset=utf-8"],
  ["favicon.svg", "image/svg+xml; charset=utf-8"],
  ["sitemap.xml", "application/xml; charset=utf-8"],
  ["robots.txt", "text/plain; charset=utf-8"],
  ["site.webmanifest", "application/manifest+json; charset=utf-8"],
  ["manifest.json", "application/manifest+json; charset=utf-8"],
  ["assets/inter.woff2", "font/woff2"],
  ["assets/photo.AVIF", "image/avif"],
  ["media/tour.mp4", "video/mp4"],
])("serves %s as %s", (relative, type) => {
  expect(servableContentType(relative)).toBe(type);
});

test.each([
  [".env"],
  [".vite/manifest.json"],
  ["assets/.hidden.js"],
  ["__spa-fallback.html"],
  ["assets/app.js.map"],
  ["index.html.br"],
  ["index.html.gz"],
  ["package.json"],
  ["assets/data.json"],
  ["server.ts"],
  ["README"],
  ["db.sqlite"],
])("never serves %s", (relative) => {
  expect(servableContentType(relative)).toBeNull();
});

test.each([
  ["index.html", "/"],
  ["pricing/index.html", "/pricing"],
  ["de/index.html", "/de"],
  ["de/404/index.html", "/de/404"],
  ["faqs/reports-in-beyond/index.html", "/faqs/reports-in-beyond"],
  ["pricing.data", "/pricing.data"],
  ["assets/app.js", "/assets/app.js"],
])("%s answers %s", (relative, urlPath) => {
  expect(urlPathForFile(relative)).toBe(urlPath);
});

test.each([
  ["assets/app-1a2b.js", true],
  ["assets/global-1a2b.css", true],
  ["pricing.data", true],
  ["assets/inter.woff2", true],
  ["assets/photo.AVIF", true],
  ["media/tour.webm", true],
  ["index.html", false],
  ["favicon.svg", false],
  ["sitemap.xml", false],
  ["robots.txt", false],
  ["site.webmanifest", false],
])("%s is only ever part of a page: %s", (relative, expected) => {
  expect(isSubresourceFile(relative)).toBe(expected);
});

test("every type a browser can open as a document keeps the page's policy", () => {
  // A new servable type is either a page's part or keeps the site's policy, by decision.
  const documents = Object.entries(CONTENT_TYPES)
    .filter(([extension]) => !isSubresourceFile(`file${extension}`))
    .map(([, type]) => type.split(";")[0]);
  expect(new Set(documents)).toEqual(
    new Set([
      "text/html",
      "image/svg+xml",
      "text/plain",
      "application/xml",
      "application/manifest+json",
    ]),
  );
});
