import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PAGES } from "../pages.ts";
import {
  deviceClass,
  NOT_FOUND_PAGE,
  PHONE_MAX_WIDTH_PX,
  pageOfPath,
  TABLET_MAX_WIDTH_PX,
  VITALS_BODY_MAX_BYTES,
  VITALS_MAX,
  vitalsReport,
} from "./report.ts";
import { parseVitalsReport, VITALS_PAGES } from "./report-schema.ts";

describe("pageOfPath", () => {
  test.each([
    ["/", "home"],
    ["/de", "home"],
    ["/fr/", "home"],
    ["/pricing", "pricing"],
    ["/es/pricing/", "pricing"],
    ["/faqs", "faqs"],
    ["/faqs/reports-in-beyond", "faq"],
    ["/de/faqs/anything", "faq"],
    ["/referrals/partner-sent", "partner-sent"],
    ["/xero-integration/how-we-integrate", "integration-how"],
    ["/privacy-policy", "privacy"],
    ["/no-such-page", NOT_FOUND_PAGE],
    ["/faqs/a/b", NOT_FOUND_PAGE],
    ["/404", NOT_FOUND_PAGE],
    ["/en/pricing", NOT_FOUND_PAGE],
  ])("%s is %s", (path, page) => {
    expect(pageOfPath(path)).toBe(page);
  });

  test("every page of the page table is a known id, and so is the 404 page", () => {
    expect(VITALS_PAGES).toEqual([...PAGES.map((page) => page.id), NOT_FOUND_PAGE]);
  });
});

describe("deviceClass", () => {
  test.each([
    [320, "phone"],
    [PHONE_MAX_WIDTH_PX, "phone"],
    [PHONE_MAX_WIDTH_PX + 1, "tablet"],
    [768, "tablet"],
    [TABLET_MAX_WIDTH_PX, "tablet"],
    [TABLET_MAX_WIDTH_PX + 1, "desktop"],
    [1440, "desktop"],
  ])("%i px is a %s", (width, device) => {
    expect(deviceClass(width)).toBe(device);
  });

  test("the classes break where the stylesheet does (phone layout, menu behind a toggle)", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../../styles/global.css"), "utf8");
    expect(css).toContain(`@media (max-width: ${PHONE_MAX_WIDTH_PX}px)`);
    expect(css).toContain(`@media (max-width: ${TABLET_MAX_WIDTH_PX}px)`);
    expect(css).toContain(
      `@media (min-width: ${PHONE_MAX_WIDTH_PX + 1}px) and (max-width: ${TABLET_MAX_WIDTH_PX}px)`,
    );
  });
});

describe("vitalsReport", () => {
  const reading = {
    url: "https://www.beyondbudget.app/de/pricing?invite=aB3dE5gH7jK9mN2pQ#roles",
    viewportWidth: 412,
    navigation: "navigate" as const,
    values: { LCP: 1234.56, INP: 48, CLS: 0.012345, FCP: 800.4, TTFB: 120.9 },
  };

  test("names the page, never its address, and rounds the values", () => {
    const report = vitalsReport({ ...reading, early: { tap: 2, typing: 0, key: 1 } });
    expect(report).toEqual({
      page: "pricing",
      locale: "de",
      device: "phone",
      navigation: "navigate",
      metrics: { LCP: 1235, INP: 48, CLS: 0.0123, FCP: 800, TTFB: 121 },
      early: { tap: 2, key: 1 },
    });
    expect(JSON.stringify(report)).not.toMatch(/invite|aB3d|roles|beyondbudget/);
  });

  test("leaves out what was not measured, and early actions when none were kept", () => {
    expect(vitalsReport({ ...reading, values: { FCP: 10, TTFB: 5 }, early: {} })).toEqual({
      page: "pricing",
      locale: "de",
      device: "phone",
      navigation: "navigate",
      metrics: { FCP: 10, TTFB: 5 },
    });
  });

  test("has nothing to report without a metric", () => {
    expect(vitalsReport({ ...reading, values: {} })).toBeNull();
  });

  test("the largest report the browser can make is within the body limit and valid", () => {
    const report = vitalsReport({
      url: "https://www.beyondbudget.app/fr/xero-integration/how-we-integrate",
      viewportWidth: 1024,
      navigation: "back-forward-cache",
      values: { LCP: 59_999.9, INP: 59_999.9, CLS: 9.99999, FCP: 59_999.9, TTFB: 59_999.9 },
      early: { tap: 100, typing: 100, key: 100 },
    });
    expect(new TextEncoder().encode(JSON.stringify(report)).length).toBeLessThan(
      VITALS_BODY_MAX_BYTES / 4,
    );
    expect(parseVitalsReport(report)).toEqual(report);
  });
});

describe("parseVitalsReport", () => {
  const valid = {
    page: "home",
    locale: "en",
    device: "desktop",
    navigation: "reload",
    metrics: { LCP: 900, INP: 0, CLS: 0, FCP: 700, TTFB: 80 },
    early: { tap: 1 },
  };

  test("accepts a report, early actions or not, with any subset of metrics", () => {
    expect(parseVitalsReport(valid)).toEqual(valid);
    const { early: _, ...withoutEarly } = valid;
    expect(parseVitalsReport({ ...withoutEarly, metrics: { CLS: 0.25 } })).toEqual({
      ...withoutEarly,
      metrics: { CLS: 0.25 },
    });
  });

  test.each([
    ["an unknown metric", { metrics: { LCP: 1, FID: 1 } }],
    ["no metric", { metrics: {} }],
    ["a metric as a string", { metrics: { LCP: "900" } }],
    ["a negative value", { metrics: { TTFB: -1 } }],
    ["a value past its bound", { metrics: { LCP: VITALS_MAX.LCP + 1 } }],
    ["CLS past its bound", { metrics: { CLS: 11 } }],
    ["an unknown page", { page: "/pricing" }],
    ["a page id in another case", { page: "Home" }],
    ["an unknown locale", { locale: "it" }],
    ["an unknown device", { device: "watch" }],
    ["an unknown navigation type", { navigation: "prefetch" }],
    ["a fractional early count", { early: { tap: 1.5 } }],
    ["an unknown early kind", { early: { swipe: 1 } }],
    ["too many early actions", { early: { typing: 101 } }],
    ["an extra field", { url: "https://example.com/" }],
    ["metrics as an array", { metrics: [900] }],
  ])("refuses %s", (_name, change) => {
    expect(parseVitalsReport({ ...valid, ...change })).toBeNull();
  });

  test.each([null, [], "report", 42, {}])("refuses %j", (body) => {
    expect(parseVitalsReport(body)).toBeNull();
  });
});
