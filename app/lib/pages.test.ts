import { expect, test } from "vitest";
import { FAQ_SLUGS } from "../content/faqs.ts";
import { allPagePaths, prerenderPaths, trialBarModeOfRoute } from "./pages.ts";

test("every page of the spec's link table exists", () => {
  expect(allPagePaths()).toEqual(
    expect.arrayContaining([
      "/",
      "/xero",
      "/features",
      "/referrals",
      "/pricing",
      "/faqs",
      "/terms",
      "/privacy-policy",
      "/xero-integration",
      "/xero-integration/step-by-step",
      "/xero-integration/how-we-integrate",
      "/xero-integration/faqs",
      ...FAQ_SLUGS.map((slug) => `/faqs/${slug}`),
    ]),
  );
});

test("prerendering covers every page and the 404 page in every locale, once", () => {
  const paths = prerenderPaths();
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths).toHaveLength((allPagePaths().length + 1) * 4);
  expect(paths).toContain("/de");
  expect(paths).toContain("/fr/faqs/reports-in-beyond");
  expect(paths).toContain("/es/404");
});

test("the trial bar follows the page of a route id, and keeps its place where none matches", () => {
  expect(trialBarModeOfRoute("en-home")).toBe("sticky");
  expect(trialBarModeOfRoute("de-faqs")).toBe("inline");
  expect(trialBarModeOfRoute("fr-xero")).toBe("sticky");
  expect(trialBarModeOfRoute("fr-integration")).toBe("inline");
  expect(trialBarModeOfRoute("es-privacy")).toBe("inline");
  expect(trialBarModeOfRoute("en-not-found")).toBe("inline");
  expect(trialBarModeOfRoute(undefined)).toBe("inline");
});
