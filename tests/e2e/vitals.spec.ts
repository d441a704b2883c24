import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { parseMetrics, type Sample } from "../../scripts/vitals-lib.ts";
import { message } from "./support/catalog.ts";
import { holdAppScripts } from "./support/hold-scripts.ts";
import { gotoHydrated, waitForHydration } from "./support/pages.ts";
import { cookieNames, standInForThirdParties, storeConsent } from "./support/third-party.ts";

/**
 * Field speed figures (docs/decisions/0029): with analytics consent, each page view's Core
 * Web Vitals reach the site's own server in one beacon when the page is hidden, and its
 * histograms count them; without consent nothing is loaded or sent. This file runs its own
 * server (with its private metrics listener), so that the counts it reads are its own.
 */
const PORT = Number(process.env.E2E_PORT ?? 4311) + 5;
const METRICS_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;

// Each test loads two or three pages and waits for a beacon: more than one page's 30 s.
test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ baseURL: ORIGIN });

let server: ChildProcess | null = null;
let dataDir = "";

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vitals-e2e-"));
  server = spawn(process.execPath, ["server/main.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      METRICS_PORT: String(METRICS_PORT),
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/healthz`).then(
          (answer) => answer.ok,
          () => false,
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function scrape(): Promise<Sample[]> {
  return parseMetrics(await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text());
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

const reports = (samples: Sample[]) => total(samples, "web_vitals_reports_total");

/**
 * Leaves the page, which hides it, for a file of the same site with no script of its own.
 * Not about:blank: Chromium runs a page's last events after a cross-site navigation has
 * committed, in the old page's process, and on a loaded host that process was at times
 * ended first (no pagehide, no visibilitychange, one run in five). A same-site navigation
 * runs them before the next document commits.
 */
async function hide(page: Page): Promise<void> {
  await page.goto("/robots.txt");
}

/** Waits until the browser's idle callbacks have run twice: web-vitals has observed. */
async function settle(page: Page): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 })),
    );
  }
}

const banner = (page: Page, locale: "en" | "de" = "en") =>
  page.getByRole("region", { name: message(locale, "consent.banner.title") });

/** What the page's own performance timeline says, to compare with what the server counted. */
function timeline() {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const buffered = <T extends PerformanceEntry>(type: string) =>
    new Promise<T[]>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        observer.disconnect();
        resolve(list.getEntries() as T[]);
      });
      observer.observe({ type, buffered: true });
      setTimeout(() => resolve([]), 1000);
    });
  return Promise.all([
    buffered<PerformanceEntry>("largest-contentful-paint"),
    buffered<PerformanceEntry & { value: number; hadRecentInput: boolean }>("layout-shift"),
  ]).then(([paints, shifts]) => ({
    ttfb: navigation?.responseStart ?? Number.NaN,
    fcp: paint?.startTime ?? Number.NaN,
    lcp: paints[paints.length - 1]?.startTime ?? Number.NaN,
    shifts: shifts
      .filter((shift) => !shift.hadRecentInput)
      .reduce((sum, shift) => sum + shift.value, 0),
  }));
}

test("after 'Accept all', a page view then hiding the page sends one beacon with all five metrics, which the server's histograms count", async ({
  page,
}) => {
  await standInForThirdParties(page);
  const before = await scrape();
  const chunk = page.waitForResponse(/\/assets\/web-vitals-report-[\w-]+\.js$/);
  await gotoHydrated(page, "/de/pricing");
  await banner(page, "de")
    .getByRole("button", { name: message("de", "consent.banner.acceptAll") })
    .click();
  await chunk;
  await settle(page);
  // An interaction, so that the page view has an INP.
  await page.getByRole("heading", { level: 1 }).click();
  await settle(page);
  const cookiesBefore = await cookieNames(page);
  const measured = await page.evaluate(timeline);
  await hide(page);

  await expect.poll(async () => reports(await scrape()) - reports(before)).toBe(1);
  const after = await scrape();
  const labels = { page: "pricing", locale: "de", device: "desktop" };
  const counted = (name: string) => total(after, name, labels) - total(before, name, labels);
  for (const name of ["lcp_seconds", "inp_seconds", "cls", "fcp_seconds", "ttfb_seconds"]) {
    expect(counted(`web_vitals_${name}_count`), name).toBe(1);
  }
  expect(total(after, "web_vitals_reports_total", { navigation: "navigate" })).toBe(
    total(before, "web_vitals_reports_total", { navigation: "navigate" }) + 1,
  );
  // The values are the page's own, in seconds, rounded to whole milliseconds on the way.
  expect(counted("web_vitals_ttfb_seconds_sum") * 1000).toBeCloseTo(measured.ttfb, -0.5);
  expect(counted("web_vitals_fcp_seconds_sum") * 1000).toBeCloseTo(measured.fcp, -0.5);
  expect(counted("web_vitals_lcp_seconds_sum") * 1000).toBeCloseTo(measured.lcp, -0.5);
  expect(counted("web_vitals_cls_sum")).toBeLessThanOrEqual(measured.shifts + 1e-4);
  expect(counted("web_vitals_inp_seconds_sum")).toBeGreaterThan(0);
  // No early action was kept on this page; and the beacon's answer set no cookie (the page
  // the test left for runs no script).
  expect(total(after, "early_actions_replayed_total")).toBe(
    total(before, "early_actions_replayed_total"),
  );
  expect(await cookieNames(page)).toEqual(cookiesBefore);
});

test("a client navigation is a page view of its own, as web-vitals reports it (Chromium's soft navigations)", async ({
  page,
  baseURL,
}) => {
  await standInForThirdParties(page);
  await storeConsent(page.context(), baseURL, { analytics: true, marketing: false });
  const before = await scrape();
  const chunk = page.waitForResponse(/\/assets\/web-vitals-report-[\w-]+\.js$/);
  await gotoHydrated(page, "/terms");
  await chunk;
  await settle(page);
  await page
    .getByRole("banner")
    .getByRole("link", { name: message("en", "common.nav.pricing"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await settle(page);
  await page.getByRole("heading", { level: 1 }).click();
  await settle(page);
  await hide(page);

  await expect.poll(async () => reports(await scrape()) - reports(before)).toBe(2);
  const after = await scrape();
  const counted = (name: string, labels: Record<string, string>) =>
    total(after, name, labels) - total(before, name, labels);
  expect(counted("web_vitals_reports_total", { navigation: "navigate" })).toBe(1);
  expect(counted("web_vitals_reports_total", { navigation: "soft-navigation" })).toBe(1);
  const terms = { page: "terms", locale: "en", device: "desktop" };
  const pricing = { ...terms, page: "pricing" };
  expect(counted("web_vitals_ttfb_seconds_count", terms)).toBe(1);
  expect(counted("web_vitals_fcp_seconds_count", pricing)).toBe(1);
  // A client navigation fetches no document: no TTFB of its own.
  expect(counted("web_vitals_ttfb_seconds_count", pricing)).toBe(0);
});

test("nothing is loaded or sent before consent, nor after 'Reject all'", async ({ page }) => {
  await standInForThirdParties(page);
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (/web-vitals-report/.test(request.url())) chunks.push(request.url());
  });
  const before = await scrape();
  // The banner open: no decision yet.
  await gotoHydrated(page, "/pricing");
  await page.getByRole("heading", { level: 1 }).click();
  await settle(page);
  await hide(page);
  // 'Reject all' on a first visit.
  await gotoHydrated(page, "/terms");
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  await page.getByRole("heading", { level: 1 }).click();
  await settle(page);
  await hide(page);
  // A beacon would have arrived by now: the one above arrives within milliseconds.
  await page.waitForTimeout(1000);
  expect(reports(await scrape())).toBe(reports(before));
  expect(chunks).toEqual([]);
});

test("after 'Accept all' and then 'Reject all' in the cookie settings, nothing is sent", async ({
  page,
}) => {
  await standInForThirdParties(page);
  const before = await scrape();
  const chunk = page.waitForResponse(/\/assets\/web-vitals-report-[\w-]+\.js$/);
  await gotoHydrated(page, "/faqs");
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await chunk;
  await settle(page);
  await page.getByRole("heading", { level: 1 }).click();
  // Withdrawing: the page reloads (the tags' scripts cannot be unloaded), which hides it.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await reloaded;
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1 }).click();
  await settle(page);
  await hide(page);
  await page.waitForTimeout(1000);
  expect(reports(await scrape())).toBe(reports(before));
});

test("a tap and typing kept before the start show up in early_actions_replayed_total", async ({
  page,
  baseURL,
}) => {
  await standInForThirdParties(page);
  await storeConsent(page.context(), baseURL, { analytics: true, marketing: false });
  const before = await scrape();
  const scripts = await holdAppScripts(page);
  await page.goto("/pricing");
  // Before the start: the capture script keeps both for the app.
  await page.getByRole("radio", { name: "Monthly" }).click();
  await page.getByRole("spinbutton", { name: "Number of employees" }).fill("40");
  const chunk = page.waitForResponse(/\/assets\/web-vitals-report-[\w-]+\.js$/);
  await scripts.release();
  await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(page.getByText("For 40 employees we recommend")).toBeVisible();
  await chunk;
  await settle(page);
  await hide(page);

  await expect.poll(async () => reports(await scrape()) - reports(before)).toBe(1);
  const after = await scrape();
  const replayed = (kind: string) =>
    total(after, "early_actions_replayed_total", { kind }) -
    total(before, "early_actions_replayed_total", { kind });
  expect({ tap: replayed("tap"), typing: replayed("typing"), key: replayed("key") }).toEqual({
    tap: 1,
    typing: 1,
    key: 0,
  });
  const labels = { page: "pricing", locale: "en", device: "desktop" };
  expect(
    total(after, "web_vitals_fcp_seconds_count", labels) -
      total(before, "web_vitals_fcp_seconds_count", labels),
  ).toBe(1);
});
