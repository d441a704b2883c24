import { expect, test } from "vitest";
import { absoluteUrl, buildPageMeta, documentTitle } from "./seo.ts";
import { SITE } from "./site-config.ts";

test("document titles are page title, divider, brand", () => {
  expect(documentTitle("Pricing")).toBe("Pricing | Beyond");
});

test("absolute URLs have no trailing slash except the root", () => {
  expect(absoluteUrl("/")).toBe(`${SITE.origin}/`);
  expect(absoluteUrl("/de/")).toBe(`${SITE.origin}/de`);
});

test("a localized page links its canonical and every alternate plus x-default", () => {
  const tags = buildPageMeta({
    pathname: "/de/pricing/",
    title: "Preise",
    description: "…",
    isIndexable: true,
  });
  expect(tags).toContainEqual({ title: "Preise | Beyond" });
  expect(tags).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: `${SITE.origin}/de/pricing`,
  });
  const alternates = tags.filter((tag) => "hrefLang" in tag);
  expect(alternates.map((tag) => ("hrefLang" in tag ? [tag.hrefLang, tag.href] : []))).toEqual([
    ["en", `${SITE.origin}/pricing`],
    ["de", `${SITE.origin}/de/pricing`],
    ["es", `${SITE.origin}/es/pricing`],
    ["fr", `${SITE.origin}/fr/pricing`],
    ["x-default", `${SITE.origin}/pricing`],
  ]);
  expect(tags.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
});

test("a page kept out of search says noindex,nofollow", () => {
  const tags = buildPageMeta({
    pathname: "/xero",
    title: "X",
    description: "Y",
    isIndexable: false,
  });
  expect(tags).toContainEqual({ name: "robots", content: "noindex,nofollow" });
});
