/**
 * `npm run bench`: Lighthouse (simulated mobile, median of 3 runs) and first-load bytes for
 * one page of every route pattern, against the production server. `-- --all` covers every
 * page, `-- --pages=/,/pricing` only the pages given. Prints a table and writes
 * bench/results.md (or bench/results-all.md for `--all`; a `--pages` run writes nothing).
 */
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { FAQ_SLUGS } from "../app/content/faqs.ts";
import { FULL_CONSENT, serializeConsent } from "../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../app/lib/analytics/constants.ts";
import { LOCALES, localizePath } from "../app/lib/locale.ts";
import { allPagePaths } from "../app/lib/pages.ts";
import { measureFirstLoad } from "./first-load.ts";
import { serverSection } from "./server.ts";

const PORT = 4390;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function pagesToMeasure(all: boolean): string[] {
  const pages = allPagePaths().filter((path) => path !== "/xero-integration/step-by-step");
  if (all) return LOCALES.flatMap((locale) => pages.map((path) => localizePath(path, locale)));
  const onePerPattern = pages.filter(
    (path) => !path.startsWith("/faqs/") || path === `/faqs/${FAQ_SLUGS[0]}`,
  );
  const otherLocales = LOCALES.filter((locale) => locale !== "en").flatMap((locale) => [
    localizePath("/", locale),
    localizePath("/pricing", locale),
  ]);
  return [...onePerPattern, ...otherLocales];
}

async function startServer() {
  if (!existsSync("build/csp-hashes.json")) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error("The server did not start");
}

interface Row {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  htmlKb: number;
  cssKb: number;
  jsKb: number;
  /** With `--consent`: the lazily imported analytics SDK, as served, and when it was asked for. */
  analytics?: AnalyticsLoad;
}

interface AnalyticsLoad {
  kb: number;
  requestedMs: number;
  firstPaintMs: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Third-party hosts the consent-gated tags would call. With `--consent` they are blocked, as
 * no benchmark should depend on (or reach) vendors' servers; the analytics SDK itself is
 * first-party and still loads.
 */
const THIRD_PARTY_PATTERNS = [
  "*://*.amplitude.com/*",
  "*://www.googletagmanager.com/*",
  "*://snap.licdn.com/*",
  "*://*.linkedin.com/*",
  "*://*.tawk.to/*",
];

/**
 * `--consent`: the visitor has accepted everything (issue 7 benchmark). The consent cookie
 * is set once in the browser; Lighthouse's storage reset leaves cookies alone by default
 * (`clearStorageTypes`), while it still clears the HTTP cache before every run.
 */
async function giveConsent(port: number): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  const answered = new Promise((resolve) =>
    socket.addEventListener("message", resolve, { once: true }),
  );
  const value = serializeConsent({
    ...FULL_CONSENT,
    version: CONSENT_VERSION,
    decidedAt: Date.now(),
  });
  socket.send(
    JSON.stringify({
      id: 1,
      method: "Storage.setCookies",
      params: {
        cookies: [
          {
            name: CONSENT_COOKIE,
            value: encodeURIComponent(value),
            domain: "127.0.0.1",
            path: "/",
          },
        ],
      },
    }),
  );
  await answered;
  socket.close();
}

async function measure(
  path: string,
  port: number,
  withConsent = false,
): Promise<Omit<Row, "htmlKb" | "cssKb" | "jsKb">> {
  const runs: Lhr[] = [];
  // A run that never painted (a Chromium hiccup, most often the first after launch) cannot
  // take part in the median; one more run stands in for it, once.
  for (
    let run = 0;
    run < RUNS || (run === RUNS && filterToValidRuns(runs).length < RUNS);
    run += 1
  ) {
    const result = await lighthouse(`${ORIGIN}${path}`, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(withConsent ? { blockedUrlPatterns: THIRD_PARTY_PATTERNS } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    runs.push(result.lhr);
  }
  const valid = filterToValidRuns(runs) as Lhr[];
  const lhr = (valid.length > 0 ? computeMedianRun(valid) : runs[0]) as Lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
    totalKb: Number((numeric("total-byte-weight") / 1024).toFixed(1)),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...(withConsent ? { analytics: analyticsLoad(lhr) } : {}),
  };
}

/**
 * The analytics chunk in the median run's network log, against the first paint Chromium
 * observed in the same (unthrottled) load: both are milliseconds from the first request.
 */
function analyticsLoad(lhr: Lhr): AnalyticsLoad | undefined {
  const items = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)
    ?.items;
  const chunk = items?.find((item) => item.url.includes("/assets/analytics-sdk-"));
  const metrics = (lhr.audits.metrics?.details as { items?: ObservedMetrics[] } | undefined)
    ?.items?.[0];
  if (!chunk || metrics?.observedFirstContentfulPaint === undefined) return undefined;
  return {
    kb: Number((chunk.transferSize / 1024).toFixed(1)),
    requestedMs: Math.round(chunk.rendererStartTime ?? Number.NaN),
    firstPaintMs: Math.round(metrics.observedFirstContentfulPaint),
  };
}

interface NetworkItem {
  url: string;
  transferSize: number;
  rendererStartTime?: number;
}

interface ObservedMetrics {
  observedFirstContentfulPaint?: number;
}

function analyticsSummary(rows: Row[]): string {
  return rows
    .map(({ path, analytics }) =>
      analytics
        ? `Analytics SDK on ${path}: ${analytics.kb} KB as served (budget 30 KB gzip, none of it first-load), requested at ${analytics.requestedMs} ms, ${analytics.requestedMs > analytics.firstPaintMs ? "after" : "BEFORE"} the first paint at ${analytics.firstPaintMs} ms.`
        : `Analytics SDK on ${path}: not requested during the Lighthouse load.`,
    )
    .join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
}

function table(rows: Row[]): string {
  const header =
    "| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | total KB | HTML KB gz | CSS KB gz | JS KB gz |";
  const divider = "|---|---|---|---|---|---|---|---|---|---|---|---|";
  const lines = rows.map(
    (row) =>
      `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} | ${row.totalKb} | ${row.htmlKb} | ${row.cssKb} | ${row.jsKb} |`,
  );
  return [header, divider, ...lines].join("\n");
}

async function main() {
  const all = process.argv.includes("--all");
  const withConsent = process.argv.includes("--consent");
  const only = process.argv.find((arg) => arg.startsWith("--pages="))?.slice("--pages=".length);
  const pages = only ? only.split(",") : pagesToMeasure(all);
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows: Row[] = [];
  try {
    if (withConsent) await giveConsent(chrome.port);
    for (const path of pages) {
      const lab = await measure(path, chrome.port, withConsent);
      const bytes = await measureFirstLoad(ORIGIN, path);
      const kb = (value: number) => Number((value / 1024).toFixed(1));
      const row = { ...lab, htmlKb: kb(bytes.html), cssKb: kb(bytes.css), jsKb: kb(bytes.js) };
      rows.push(row);
      console.log(
        `${path}: perf ${row.performance}, a11y ${row.accessibility}, BP ${row.bestPractices}, SEO ${row.seo}, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, JS ${row.jsKb} KB gz`,
      );
    }
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }
  const markdown = [
    "# Benchmark results",
    "",
    `Lighthouse ${RUNS === 1 ? "single run" : `median of ${RUNS} runs`}, simulated mobile, production build on loopback (${new Date().toISOString().slice(0, 10)})${withConsent ? ", consent given, third parties blocked" : ", first visit (consent banner open)"}.`,
    `Host CPU: Lighthouse benchmarkIndex median ${median(rows.map((row) => row.benchmarkIndex))} (TBT scales with it: simulated mobile multiplies this machine's main-thread time by 4).`,
    "Byte columns are the gzip size of what each page loads first.",
    "",
    table(rows),
    "",
    ...(withConsent ? [analyticsSummary(rows), ""] : []),
  ].join("\n");
  console.log(`\n${table(rows)}`);
  // Quick page checks (--pages=) skip the server figures; they take about 2 minutes.
  const serverFigures =
    only || withConsent || process.argv.includes("--no-server") ? "" : await serverSection();
  if (serverFigures) console.log(`\n${serverFigures}`);
  // The consent variant is about the landing page (issue 7), so it is kept even for --pages.
  if (!only || withConsent) {
    const name = `results${all ? "-all" : ""}${withConsent ? "-consent" : ""}.md`;
    writeFileSync(join("bench", name), `${markdown}\n${serverFigures}`);
  }
}

await main();
