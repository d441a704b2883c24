/**
 * `npm run bench`: Lighthouse (simulated mobile, median of 5 runs) and first-load bytes for
 * one page of every route pattern, against the production server, next to a static
 * reference page measured in the same round-robin runs; then the interaction section
 * (bench/interaction.ts), then INP on the same phone (bench/inp.ts), then the targets read
 * off all of them (bench/targets.ts). Before each run it reads the host's benchmarkIndex and
 * scales that run's CPU slowdown to a reference host of 1500: slowdown = 4 × benchmarkIndex
 * / 1500, for Lighthouse, the interaction and the INP sections, the interaction section also
 * reporting the raw 4× figures.
 *
 * `-- --all` covers every page, `-- --pages=/,/pricing` only the pages given (and the INP
 * scenarios on them), `--runs=N` changes the number of runs, `--no-interaction`, `--no-inp`,
 * `--no-lighthouse`, `--no-server` and `--no-topology` skip sections. Prints tables and writes bench/results.md (or bench/results-all.md for
 * `--all`; a `--pages` run writes nothing). BENCH_SITE_PORT moves the site's server.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { FAQ_SLUGS } from "../app/content/faqs.ts";
import { FULL_CONSENT, serializeConsent } from "../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../app/lib/analytics/constants.ts";
import { LOCALES, localeFromPath, localizePath } from "../app/lib/locale.ts";
import { pagePathsWithContent } from "../app/lib/pages.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { type BlockingSources, blockingSources, type LongTaskItem } from "./blocking-sources.ts";
import { type BuildSettings, buildSettingsNote } from "./build-settings.ts";
import { measureFirstLoad } from "./first-load.ts";
import { hostNoiseNote } from "./host-noise.ts";
import { INP_SCENARIOS, type InpRow, inpSection, inpTable } from "./inp.ts";
import {
  type InteractionRow,
  interactionSection,
  interactionTable,
  launchBrowser,
  measureBenchmarkIndex,
  medianAndRange,
  normalisedSlowdown,
  REFERENCE_BENCHMARK_INDEX,
} from "./interaction.ts";
import { REFERENCE_PATH, writeReference } from "./reference.ts";
import { serverSection } from "./server.ts";
import { targetChecks, targetTable } from "./targets.ts";
import { type ThreadTimeBlocking, type TraceEvent, threadTimeBlocking } from "./thread-time.ts";
import { topologySection } from "./topology.ts";

const PORT = Number(process.env.BENCH_SITE_PORT ?? 4390);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(
  process.argv.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length) ??
    process.env.BENCH_RUNS ??
    5,
);
/** `--lighthouse-runs=N`: Lighthouse's runs per page, when they should differ from `--runs`. */
const LIGHTHOUSE_RUNS = Number(
  process.argv
    .find((arg) => arg.startsWith("--lighthouse-runs="))
    ?.slice("--lighthouse-runs=".length) ?? RUNS,
);
/** chrome-launcher starts Chromium itself, so headless mode is a flag here. */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

function pagesToMeasure(all: boolean): string[] {
  const pages = pagePathsWithContent();
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

/** Issue 13: every page pattern in English, and the landing page in the other locales. */
function interactionPagesToMeasure(): string[] {
  const english = pagesToMeasure(false).filter((path) => localeFromPath(path) === "en");
  const landings = LOCALES.filter((locale) => locale !== "en").map((locale) =>
    localizePath("/", locale),
  );
  return [...english, ...landings];
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
  /** The median over the runs of each source's share of the blocking (bench/blocking-sources.ts). */
  blockingBySource: BlockingSources;
  /** Medians over the runs of the blocking from the main thread's CPU time (bench/thread-time.ts). */
  threadTime: ThreadTimeBlocking;
  cls: number;
  totalKb: number;
  /** Lighthouse's measure of the host's CPU speed during the runs (higher is faster). */
  benchmarkIndex: number;
  /** Each run's CPU slowdown, scaled to the host's speed just before it. */
  slowdowns: number[];
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

/** One Lighthouse run at the given CPU slowdown (simulated mobile otherwise). */
async function lighthouseRun(
  path: string,
  port: number,
  slowdown: number,
  withConsent: boolean,
): Promise<{ lhr: Lhr; threadTime: ThreadTimeBlocking | null }> {
  const result = await lighthouse(`${ORIGIN}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
    ...(withConsent ? { blockedUrlPatterns: THIRD_PARTY_PATTERNS } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const events = result.artifacts.Trace.traceEvents as unknown as TraceEvent[];
  return {
    lhr: result.lhr,
    threadTime: threadTimeBlocking(events, result.lhr.finalDisplayedUrl, slowdown),
  };
}

/**
 * Lighthouse on every page `RUNS` times, round-robin (every page once, then again), so a
 * busy moment of the shared host falls on all pages alike rather than on one. Each run's
 * CPU slowdown is scaled to the host's benchmarkIndex measured just before it, as the
 * host's speed swings within minutes. A run that never painted (a Chromium hiccup) is left
 * out of its page's median.
 */
async function measureRoundRobin(
  paths: string[],
  port: number,
  hostIndex: () => Promise<number>,
  withConsent: boolean,
): Promise<Map<string, Omit<Row, "htmlKb" | "cssKb" | "jsKb">>> {
  const runs = new Map<string, ScaledRun[]>(paths.map((path) => [path, []]));
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    for (const path of paths) {
      const index = await hostIndex();
      const slowdown = normalisedSlowdown(index);
      const { lhr, threadTime } = await lighthouseRun(path, port, slowdown, withConsent);
      runs.get(path)?.push({ lhr, slowdown, threadTime });
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      console.log(
        `lighthouse ${path} ×${slowdown} (index ${index}) run ${run + 1}: LCP ${audit("largest-contentful-paint")} ms, TBT ${audit("total-blocking-time")} ms (from CPU time ${threadTime?.blockingMs ?? "–"} ms, wall ÷ CPU ${threadTime?.wallPerCpu ?? "–"}), Lighthouse's benchmarkIndex ${lhr.environment.benchmarkIndex}`,
      );
    }
  }
  return new Map(
    paths.map((path) => [path, summarise(path, runs.get(path) ?? [], withConsent)] as const),
  );
}

interface ScaledRun {
  lhr: Lhr;
  slowdown: number;
  threadTime: ThreadTimeBlocking | null;
}

function summarise(
  path: string,
  scaledRuns: ScaledRun[],
  withConsent: boolean,
): Omit<Row, "htmlKb" | "cssKb" | "jsKb"> {
  const runs = scaledRuns.map((one) => one.lhr);
  const valid = filterToValidRuns(runs) as Lhr[];
  const lhr = (valid.length > 0 ? computeMedianRun(valid) : runs[0]) as Lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const perRun = (id: string) => median(runs.map((one) => one.audits[id]?.numericValue ?? 0));
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    // LCP's and TBT's own medians: the median run is chosen by FCP and TTI, not by either,
    // and one slow run in five is not a page's typical largest paint.
    lcpMs: Math.round(perRun("largest-contentful-paint")),
    tbtMs: perRun("total-blocking-time"),
    blockingBySource: medianBlockingSources(runs),
    threadTime: medianThreadTime(scaledRuns),
    // The worst run's shift: the target is none in any run.
    cls: Number(
      Math.max(
        ...runs.map((one) => one.audits["cumulative-layout-shift"]?.numericValue ?? 0),
      ).toFixed(3),
    ),
    totalKb: Number((numeric("total-byte-weight") / 1024).toFixed(1)),
    benchmarkIndex: median(runs.map((one) => one.environment.benchmarkIndex)),
    slowdowns: scaledRuns.map((one) => one.slowdown),
    ...(withConsent ? { analytics: analyticsLoad(lhr) } : {}),
  };
}

/** The runs' blocking from CPU time and wall ÷ CPU, each the median of the runs that had one. */
function medianThreadTime(runs: ScaledRun[]): ThreadTimeBlocking {
  const figures = runs.flatMap((run) => (run.threadTime ? [run.threadTime] : []));
  return {
    blockingMs: median(figures.map((figure) => figure.blockingMs)),
    // `median` rounds to whole numbers; the ratio keeps its tenths.
    wallPerCpu: median(figures.map((figure) => figure.wallPerCpu * 10)) / 10,
  };
}

/** Each run's blocking time split by source (its simulated long tasks), median by source. */
function medianBlockingSources(runs: Lhr[]): BlockingSources {
  const splits = runs.map((lhr) => {
    const tasks =
      (lhr.audits["long-tasks"]?.details as { items?: LongTaskItem[] } | undefined)?.items ?? [];
    const at = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return blockingSources(
      tasks,
      at("first-contentful-paint"),
      at("interactive"),
      lhr.finalDisplayedUrl,
    );
  });
  const of = (source: keyof BlockingSources) =>
    Math.round(median(splits.map((split) => split[source])));
  return {
    navigation: of("navigation"),
    page: of("page"),
    scripts: of("scripts"),
    other: of("other"),
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

function table(rows: Row[], reference: Row | null): string {
  const header =
    "| page | CPU × | perf | a11y | best pr. | SEO | LCP ms | LCP ÷ reference | TBT ms | TBT ÷ reference | of it: navigation / page / scripts / other | TBT from CPU time ms | wall ÷ CPU | CLS | total KB | HTML KB gz | CSS KB gz | JS KB gz |";
  const divider = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";
  const referenceLcpMs = reference?.lcpMs ?? null;
  // Lighthouse's TBT is mostly the host on a shared machine: read it against the reference's.
  const tbtRatio = (tbt: number) =>
    reference && reference.tbtMs > 0 ? (tbt / reference.tbtMs).toFixed(2) : "–";
  const sources = ({ navigation, page, scripts, other }: BlockingSources) =>
    `${navigation} / ${page} / ${scripts} / ${other}`;
  const ratio = (lcp: number) => (referenceLcpMs ? (lcp / referenceLcpMs).toFixed(2) : "–");
  const lines = rows.map(
    (row) =>
      `| ${row.path} | ${medianAndRange(row.slowdowns)} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${ratio(row.lcpMs)} | ${row.tbtMs} | ${tbtRatio(row.tbtMs)} | ${sources(row.blockingBySource)} | ${row.threadTime.blockingMs} | ${row.threadTime.wallPerCpu} | ${row.cls} | ${row.totalKb} | ${row.htmlKb} | ${row.cssKb} | ${row.jsKb} |`,
  );
  return [header, divider, ...lines].join("\n");
}

/** With `--no-server`, the server figures already in the results file stay as they were. */
function keptServerFigures(name: string): string {
  const file = join("bench", name);
  if (!existsSync(file)) return "";
  const previous = readFileSync(file, "utf8");
  const start = previous.indexOf("## Server");
  return start === -1 ? "" : previous.slice(start);
}

async function main() {
  const all = process.argv.includes("--all");
  const withConsent = process.argv.includes("--consent");
  const withLighthouse = !process.argv.includes("--no-lighthouse");
  const withInteraction = !process.argv.includes("--no-interaction") && !withConsent;
  const withInp = !process.argv.includes("--no-inp") && !withConsent;
  const only = process.argv.find((arg) => arg.startsWith("--pages="))?.slice("--pages=".length);
  const pages = only ? only.split(",") : pagesToMeasure(all);
  const interactionPages = only ? pages : interactionPagesToMeasure();
  const removeReference = writeReference("build/client");
  const server = await startServer();
  const browser = await launchBrowser();
  const kb = (value: number) => Number((value / 1024).toFixed(1));
  const rows: Row[] = [];
  let reference: Row | null = null;
  let interactionRows: InteractionRow[] = [];
  let inpRows: InpRow[] = [];
  // Every reading of the host's speed, each one scaling the run that follows it.
  const hostIndexes: number[] = [];
  const hostIndex = async () => {
    const index = await measureBenchmarkIndex(browser);
    hostIndexes.push(index);
    return index;
  };
  try {
    if (withLighthouse) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROME_FLAGS,
      });
      try {
        if (withConsent) await giveConsent(chrome.port);
        const lab = await measureRoundRobin(
          [REFERENCE_PATH, ...pages],
          chrome.port,
          hostIndex,
          withConsent,
        );
        for (const path of [REFERENCE_PATH, ...pages]) {
          const bytes = await measureFirstLoad(ORIGIN, path);
          const row = {
            ...(lab.get(path) as Omit<Row, "htmlKb" | "cssKb" | "jsKb">),
            htmlKb: kb(bytes.html),
            cssKb: kb(bytes.css),
            jsKb: kb(bytes.js),
          };
          if (path === REFERENCE_PATH) reference = { ...row, path: "static reference" };
          else rows.push(row);
        }
      } finally {
        chrome.kill();
      }
    }
    if (withInteraction) {
      interactionRows = await interactionSection(
        browser,
        ORIGIN,
        interactionPages,
        ["normalised", "raw"],
        RUNS,
        hostIndex,
      );
    }
    if (withInp) {
      const scenarios = only
        ? INP_SCENARIOS.filter((scenario) => scenario.reference || pages.includes(scenario.path))
        : INP_SCENARIOS;
      inpRows = await inpSection(browser, ORIGIN, RUNS, hostIndex, scenarios);
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    removeReference();
  }
  const lighthouseIndex = median(rows.map((row) => row.benchmarkIndex));
  const allRows = reference ? [reference, ...rows] : rows;
  const lighthouseTable = table(allRows, reference);
  const targets = targetTable(
    targetChecks({
      lighthouse: rows.map((row) => ({
        path: row.path,
        lcpMs: row.lcpMs,
        cpuBlockingMs: row.threadTime.blockingMs,
      })),
      referenceLcpMs: reference?.lcpMs ?? null,
      interaction: interactionRows.map((row) => ({
        path: row.path,
        profile: row.profile,
        gapMs: row.gapMs,
        lost: row.lost,
      })),
      inp: inpRows
        .filter((row) => !row.reference)
        .map((row) => ({ scenario: row.scenario, inpMs: row.inpMs, unmeasured: row.unmeasured })),
      inpReference: inpRows.flatMap((row) =>
        row.reference ? [{ kind: row.reference, inpMs: row.inpMs }] : [],
      ),
    }),
  );
  const noiseNote = hostNoiseNote(reference?.tbtMs ?? null);
  // A run without Lighthouse (or without the interaction section) names only what it measured.
  const measured = [
    withLighthouse
      ? `Lighthouse ${LIGHTHOUSE_RUNS === 1 ? "single run" : `median of ${LIGHTHOUSE_RUNS} runs`}`
      : null,
    withInteraction ? `interaction median of ${RUNS} runs per page` : null,
    withInp ? `INP median of ${RUNS} runs per interaction` : null,
  ]
    .filter((part) => part !== null)
    .join(" and ");
  const markdown = [
    "# Benchmark results",
    "",
    `Production build on loopback (${new Date().toISOString().slice(0, 10)}), ${measured}, pages measured round-robin${withConsent ? ", consent given, third parties blocked" : ", first visit (consent banner open)"}.`,
    `Host CPU: benchmarkIndex measured just before each run, ${medianAndRange(hostIndexes)} (median, and range over ${hostIndexes.length} readings)${rows.length > 0 ? `; Lighthouse's own figure as its runs started: median ${lighthouseIndex}` : ""}. Each run's CPU slowdown is normalised to a host of ${REFERENCE_BENCHMARK_INDEX}: 4 × benchmarkIndex / ${REFERENCE_BENCHMARK_INDEX}, ${medianAndRange(hostIndexes.map(normalisedSlowdown))}; the CPU × columns give each page's.`,
    "The host is shared (other builds and browsers ran alongside), so single figures are noisy.",
    buildSettingsNote(JSON.parse(readFileSync("build/site-config.json", "utf8")) as BuildSettings),
    "",
    ...(withLighthouse
      ? [
          "## Lighthouse, simulated mobile at the normalised CPU slowdown",
          "",
          "The static reference is a hand-written page with the landing page's masthead text and image and no JavaScript (between them, the search field and question of the INP section's reference rows), measured in the same runs. LCP and TBT are each metric's median over the runs, CLS the worst run's; TBT's sources are the medians of each run's simulated long tasks split by what they belong to: the browser's navigation (committing it and parsing the first bytes, a task the reference has too), the page's HTML (parsing, inline scripts, style and layout), the site's scripts, and the rest (painting, garbage collection), so they add up to about the TBT but not exactly (docs/benchmark.md); TBT from CPU time applies Lighthouse's rule to each main-thread task's CPU time instead of its wall time, after the first paint, and wall ÷ CPU is how much longer those tasks took than the work in them, the rest being the main thread waiting, mostly for a core of the host (bench/thread-time.ts, docs/benchmark.md); the scores and byte columns come from Lighthouse's median run (chosen by first paint and time to interactive). Byte columns are the gzip size of what each page loads first.",
          "",
          lighthouseTable,
          "",
          ...(noiseNote ? [noiseNote, ""] : []),
        ]
      : []),
    ...(withInteraction
      ? [
          "## Interaction, a phone on a slow line",
          "",
          `Chromium through the DevTools protocol: 412×823 touch screen, 1.6 Mbit/s down, 150 ms round trip, CPU slowed as normalised before each run and 4× (raw). Times from navigation; app started = React Router's router exists (since decision record 0022 the client entry creates it while React DOM's renderer is still downloading, so it comes before the page has hydrated), gap = app started − first paint; page hydrated = the root and every part of the page have hydrated, after the first paint, split into waiting (until the first of the scripts the page starts with is asked for), downloading (until their last byte) and after the last byte (evaluating them and hydrating until the whole page is live); blocking = the part of each long task beyond 50 ms, summed, until 1.5 s after the page has hydrated; a tap 100 ms after the first paint on one control per page, timed to its visible effect.`,
          "",
          interactionTable(interactionRows),
          "",
        ]
      : []),
    ...(withInp
      ? [
          "## INP, the same phone at the normalised slowdown",
          "",
          `Interaction to Next Paint, measured by the same \`web-vitals\` the site reports from visitors' browsers (its own build of the installed version, put into each page before the page's scripts), counting interactions from 16 ms: one page load per interaction, on the phone profile above, by a returning visitor who rejected every optional cookie (no banner, no vendors' scripts), except for the consent choice, which is a first visit's 'Accept all'. Each acts once the whole page has hydrated and 1.5 s have passed; a scenario's INP is its slowest interaction (typing: its slowest keystroke). The static reference's two rows are the same tap and typing on its native disclosure and plain search field, with no script: the floor that the phone profile and the host set, which the ÷ reference column reads each interaction against (a tap against the tap, a keystroke against the keystroke). bench/inp.ts.`,
          "",
          inpTable(inpRows),
          "",
        ]
      : []),
    ...(withConsent
      ? [analyticsSummary(rows), ""]
      : [
          "## Targets",
          "",
          "Read off this run (docs/requirements.md WEB-1 to WEB-3 and WEB-6): each target on its worst page or interaction. Lighthouse's TBT and score are not among them on a shared host: they are in its table, beside the static reference's.",
          "",
          targets,
          "",
        ]),
  ].join("\n");
  if (withLighthouse) console.log(`\n${lighthouseTable}${noiseNote ? `\n\n${noiseNote}` : ""}`);
  if (withInteraction) console.log(`\n${interactionTable(interactionRows)}`);
  if (withInp) console.log(`\n${inpTable(inpRows)}`);
  if (!withConsent) console.log(`\n${targets}`);
  // Quick page checks (--pages=) skip the server figures; they take about 2 minutes.
  const serverFigures =
    only || withConsent || process.argv.includes("--no-server") ? "" : await serverSection();
  if (serverFigures) console.log(`\n${serverFigures}`);
  // nginx and two API instances on PostgreSQL against Node and SQLite (issue 16).
  const topologyFigures =
    serverFigures && !process.argv.includes("--no-topology") ? await topologySection() : "";
  if (topologyFigures) console.log(`\n${topologyFigures}`);
  // The consent variant is about the landing page (issue 7), so it is kept even for --pages.
  if (!only || withConsent) {
    // A run without Lighthouse writes its own file, leaving the full figures in results.md.
    const name = `results${all ? "-all" : ""}${withConsent ? "-consent" : ""}${withLighthouse ? "" : "-interaction"}.md`;
    const server = serverFigures ? `${serverFigures}\n${topologyFigures}` : keptServerFigures(name);
    writeFileSync(join("bench", name), `${markdown}\n${server}`);
  }
}

await main();
