/**
 * `npm run bench:patches`: what each patch of another project's code or output
 * (scripts/patches.ts) still buys. It builds the site once with every patch and once without
 * each (`BUILD_SKIP_PATCHES`, into `bench/out/patches/`), serves the builds side by side,
 * and loads each page on the throttled phone of the interaction section (1.6 Mbit/s, 150 ms
 * round trip, CPU slowed to the host: 4 × benchmarkIndex / 1,500), the builds interleaved
 * within each round (A B C … then again, starting one further on), so that a busy moment of
 * a shared host falls on all of them. Per load:
 *
 * - the main thread's CPU time after the first paint, from a trace (each top-level task's
 *   thread time, up to 1.5 s after the whole page has hydrated) of a second load with the
 *   CPU unthrottled, times the slowdown, as Lighthouse counts the tasks it observed;
 * - first paint to the app started (the router exists) and to the whole page hydrated;
 * - the largest contentful paint;
 * - one tap 100 ms after the first paint (bench/interaction.ts's control for the page),
 *   kept or lost.
 *
 * And per build: each page's first-load bytes (gzip, read from the build as
 * bench/first-load.ts weighs them) and the analytics SDK's chunk, which loads after consent.
 * Writes bench/patches-results.md.
 *
 * `-- --runs=N` (default 5), `--pages=/,/pricing` (default `/`, /pricing, /faqs),
 * `--patches=a,b` (default every patch), `--no-build` (measure the builds already in
 * bench/out/patches), `--report-only` (write the report again from the last run's loads,
 * bench/out/patches/loads.json, and its builds). BENCH_SITE_PORT is the first of the
 * servers' ports.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, CDPSession } from "@playwright/test";
import { entryOfPage, rendererOfEntry } from "../scripts/defer-hydration.ts";
import { PATCHES, type PatchName } from "../scripts/patches.ts";
import { firstLoadAssets, gzipSize, staticImports } from "./first-load.ts";
import {
  effectVisible,
  inPage,
  launchBrowser,
  measureBenchmarkIndex,
  median,
  medianAndRange,
  NETWORK,
  normalisedSlowdown,
  PHONE,
  pollInPage,
  THIRD_PARTIES,
  tapFor,
} from "./interaction.ts";
import { KEEP_IF, patchBuys } from "./patch-verdict.ts";
import { type TraceEvent, threadTimeAfterFirstPaint } from "./thread-time.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "bench/out/patches");
const BASE_PORT = Number(process.env.BENCH_SITE_PORT ?? 4390);

function option(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const RUNS = Number(option("runs") ?? 5);
const PAGES = (option("pages") ?? "/,/pricing,/faqs").split(",");
const MEASURED = (option("patches")?.split(",") ?? Object.keys(PATCHES)) as PatchName[];
for (const name of MEASURED) {
  if (!(name in PATCHES)) throw new Error(`--patches: ${name} is not a patch (scripts/patches.ts)`);
}

/** One build: every patch, or every patch but one. */
interface Variant {
  label: string;
  without: PatchName | null;
  dir: string;
  port: number;
}

const variants: Variant[] = [null, ...MEASURED].map((without, index) => ({
  label: without === null ? "every patch" : `without ${without}`,
  without,
  dir: path.join(OUT, without ?? "all"),
  port: BASE_PORT + index,
}));

/** Runs a command from the repository's root, its output kept; rejects with its tail. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output.slice(-3000)}`)),
    );
  });
}

/** The production build (as `npm run build`, without the nginx files) of one variant. */
async function build(variant: Variant): Promise<void> {
  const env = { BUILD_DIR: variant.dir, BUILD_SKIP_PATCHES: variant.without ?? "" };
  const started = performance.now();
  await run("npx", ["react-router", "build"], env);
  const summary = await run(process.execPath, ["scripts/postbuild.ts", variant.dir], env);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`built ${variant.label} in ${seconds} s: ${summary.trim().split("\n")[0]}`);
}

async function serve(variant: Variant) {
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(variant.port),
      HOST: "127.0.0.1",
      // The production builds lack the tags' and videos' ids, which the server would list.
      LOG_LEVEL: "error",
      BUILD_DIR: variant.dir,
      DATA_DIR: path.join(variant.dir, "data"),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A server reads the whole build into memory first: seconds on a busy host.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${variant.port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error(`the server of ${variant.label} did not start`);
}

/** Gzip bytes of the analytics SDK's chunk, which loads once a visitor has consented. */
function analyticsChunkBytes(variant: Variant): number {
  const assets = path.join(variant.dir, "client/assets");
  const chunk = readdirSync(assets).find((name) => /^analytics-sdk-[\w-]+\.js$/.test(name));
  return chunk ? gzipSize(readFileSync(path.join(assets, chunk))) : Number.NaN;
}

/** What the page reports to the bench over a binding (no polling, which costs main thread). */
const PROBE = `(() => {
  const signal = (what) => { try { window.__benchSignal(what); } catch {} };
  const bench = (window.__bench = { startedAt: null, hydratedAt: null, paintAt: null, lcpAt: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName("first-contentful-paint")) {
      bench.paintAt ??= entry.startTime;
      signal("paint");
    }
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    bench.lcpAt = entries[entries.length - 1].startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  let router;
  Object.defineProperty(window, "__reactRouterDataRouter", {
    configurable: true,
    get: () => router,
    set: (value) => { router = value; bench.startedAt ??= performance.now(); },
  });
  let hydrated;
  Object.defineProperty(window, "__beyondPageHydrated", {
    configurable: true,
    get: () => hydrated,
    set: (value) => { hydrated = value; bench.hydratedAt ??= performance.now(); signal("hydrated"); },
  });
})();`;

/** Chromium's trace categories with the main thread's tasks, their thread time and paints. */
const TRACE_CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "loading",
];

/** One step of a round: a timed load and a traced load of one build's page. */
interface Load {
  slowdown: number;
  /** The traced (unthrottled) load's CPU time after the first paint, ms. */
  cpuMs: number | null;
  paintMs: number;
  lcpMs: number | null;
  startedGapMs: number | null;
  hydratedGapMs: number | null;
  tapKept: boolean;
}

/** Where the page's tap goes: the centre of its control, laid out as at the first paint. */
async function tapPoint(browser: Browser, url: string): Promise<{ x: number; y: number }> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(url, { waitUntil: "load" });
    const point = await pollInPage<{ x: number; y: number }>(
      cdp,
      `((selector) => {
        const rect = document.querySelector(selector)?.getBoundingClientRect();
        return rect && rect.width > 0 ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : false;
      })(${JSON.stringify(tapFor(new URL(url).pathname).selector)})`,
      15_000,
    );
    if (!point) throw new Error(`${url}: no control to tap`);
    return point;
  } finally {
    await context.close();
  }
}

function signals(cdp: CDPSession) {
  const seen = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  cdp.on("Runtime.bindingCalled", ({ name, payload }) => {
    if (name !== "__benchSignal" || seen.has(payload)) return;
    seen.set(payload, Date.now());
    waiting.get(payload)?.();
  });
  return (what: string, timeoutMs: number): Promise<boolean> =>
    seen.has(what)
      ? Promise.resolve(true)
      : new Promise((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          waiting.set(what, () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
}

interface PageLoad {
  bench: {
    startedAt: number | null;
    hydratedAt: number | null;
    paintAt: number;
    lcpAt: number | null;
  };
  hydrated: boolean;
  tapKept: boolean;
  trace: TraceEvent[] | null;
}

/**
 * Loads `url` on the phone (its network, the CPU at `cpuRate`), taps 100 ms after the first
 * paint, and waits until 1.5 s after the whole page has hydrated; traced when `traced`.
 */
async function loadPage(
  browser: Browser,
  url: string,
  point: { x: number; y: number },
  cpuRate: number,
  traced: boolean,
): Promise<PageLoad> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    const signalled = signals(cdp);
    await cdp.send("Runtime.enable");
    await cdp.send("Runtime.addBinding", { name: "__benchSignal" });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.setBlockedURLs", { urls: THIRD_PARTIES });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let tracing = traced;
    try {
      await page.goto(url, { waitUntil: "commit" });
      if (!(await signalled("paint", 30_000))) throw new Error(`${url}: no first paint`);
      await page.waitForTimeout(100);
      await page.touchscreen.tap(point.x, point.y);
      const hydrated = await signalled("hydrated", 30_000);
      await page.waitForTimeout(1500);
      let trace: TraceEvent[] | null = null;
      if (traced) {
        trace = (
          JSON.parse((await browser.stopTracing()).toString("utf8")) as {
            traceEvents: TraceEvent[];
          }
        ).traceEvents;
        tracing = false;
      }
      return {
        bench: await inPage(cdp, "window.__bench"),
        hydrated,
        tapKept: await inPage<boolean>(
          cdp,
          `(${effectVisible.toString()})(${JSON.stringify(tapFor(new URL(url).pathname).effect)})`,
        ),
        trace,
      };
    } finally {
      if (tracing) await browser.stopTracing().catch(() => undefined);
    }
  } finally {
    await context.close();
  }
}

/**
 * One step: a load with the CPU at `slowdown` for the times and the tap, then a traced load
 * with the CPU unthrottled for the CPU time, × `slowdown`. (A CPU throttled through the
 * DevTools protocol inflates the trace's thread times: at ×4 they read 6-9 times those of an
 * unthrottled load of the same build, 2026-12-01, so the CPU time is read as Lighthouse
 * reads its tasks, unthrottled and multiplied.)
 */
export async function measureLoad(
  browser: Browser,
  url: string,
  point: { x: number; y: number },
  slowdown: number,
): Promise<Load> {
  const timed = await loadPage(browser, url, point, slowdown, false);
  const traced = await loadPage(browser, url, point, 1, true);
  const cpu = traced.trace === null ? null : threadTimeAfterFirstPaint(traced.trace, url);
  const { bench } = timed;
  const gap = (at: number | null) => (at === null ? null : Math.round(at - bench.paintAt));
  return {
    slowdown,
    cpuMs: cpu === null ? null : Math.round(cpu.cpuMs * 10) / 10,
    paintMs: Math.round(bench.paintAt),
    lcpMs: bench.lcpAt === null ? null : Math.round(bench.lcpAt),
    startedGapMs: gap(bench.startedAt),
    hydratedGapMs: timed.hydrated ? gap(bench.hydratedAt) : null,
    tapKept: timed.tapKept,
  };
}

/** Medians of one build's loads of one page. */
interface Summary {
  cpuMs: number;
  startedGapMs: number;
  hydratedGapMs: number;
  lcpMs: number;
  lost: number;
  loads: number;
}

function summarise(loads: Load[]): Summary {
  const of = (pick: (load: Load) => number | null) =>
    median(loads.map(pick).filter((value): value is number => value !== null));
  return {
    cpuMs: of(scaledCpu),
    startedGapMs: of((load) => load.startedGapMs),
    hydratedGapMs: of((load) => load.hydratedGapMs),
    lcpMs: of((load) => load.lcpMs),
    lost: loads.filter((load) => !load.tapKept).length,
    loads: loads.length,
  };
}

const signed = (value: number, digits = 0) =>
  Number.isNaN(value)
    ? "–"
    : `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value).toFixed(digits)}`;

/** What a run recorded, so that the report can be made again (`--report-only`). */
interface Recorded {
  runs: number;
  pages: string[];
  indexes: number[];
  /** By `${variant.label} ${page}`, each load with its round. */
  loads: Record<string, Array<Load & { round: number }>>;
}

const RECORD = path.join(OUT, "loads.json");

/**
 * Gzip bytes of the JavaScript a page of a build loads first, read from the build: the
 * scripts the page names and every chunk they import statically (as bench/first-load.ts
 * weighs them from a server).
 */
function firstLoadBytes(variant: Variant, page: string): number {
  const client = path.join(variant.dir, "client");
  const html = readFileSync(path.join(client, page, "index.html"), "utf8");
  const queue = [...firstLoadAssets(html).scripts];
  // A page left as React Router renders it (without defer-hydration) names no renderer, but
  // its client entry imports it at once: it is part of the first load all the same.
  const entry = entryOfPage(html);
  if (entry !== null && !html.includes("data-renderer=")) {
    queue.push(rendererOfEntry(entry, readFileSync(path.join(client, entry), "utf8")));
  }
  const seen = new Set(queue);
  let total = 0;
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const body = readFileSync(path.join(client, url));
    total += gzipSize(body);
    for (const imported of staticImports(body.toString("utf8"), url)) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return total;
}

async function measure(): Promise<Recorded> {
  const servers: ChildProcess[] = [];
  const browser = await launchBrowser();
  const recorded: Recorded = { runs: RUNS, pages: PAGES, indexes: [], loads: {} };
  try {
    for (const variant of variants) servers.push(await serve(variant));
    const origin = (variant: Variant) => `http://127.0.0.1:${variant.port}`;
    const points = new Map<string, { x: number; y: number }>();
    for (const page of PAGES) {
      points.set(page, await tapPoint(browser, `${origin(variants[0] as Variant)}${page}`));
    }
    for (let round = 0; round < RUNS; round += 1) {
      const index = await measureBenchmarkIndex(browser);
      recorded.indexes.push(index);
      const slowdown = normalisedSlowdown(index);
      for (const page of PAGES) {
        for (let step = 0; step < variants.length; step += 1) {
          const variant = variants[(step + round) % variants.length] as Variant;
          const load = await measureLoad(
            browser,
            `${origin(variant)}${page}`,
            points.get(page) as { x: number; y: number },
            slowdown,
          );
          const key = `${variant.label} ${page}`;
          recorded.loads[key] = [...(recorded.loads[key] ?? []), { ...load, round }];
          // Kept after every load: a run cut short can still be reported.
          writeFileSync(RECORD, JSON.stringify(recorded));
          console.log(
            `${page} ${variant.label} ×${slowdown} round ${round + 1}: CPU after first paint ${load.cpuMs} ms unthrottled, paint ${load.paintMs}, started +${load.startedGapMs}, hydrated +${load.hydratedGapMs}, LCP ${load.lcpMs}, tap ${load.tapKept ? "kept" : "lost"}`,
          );
        }
      }
    }
    return recorded;
  } finally {
    await browser.close();
    for (const server of servers) server.kill();
  }
}

async function main(): Promise<void> {
  const reportOnly = process.argv.includes("--report-only");
  if (!reportOnly && !process.argv.includes("--no-build")) {
    for (const variant of variants) await build(variant);
  }
  for (const variant of variants) {
    if (!existsSync(path.join(variant.dir, "csp-hashes.json"))) {
      throw new Error(`${variant.dir} holds no build: run without --no-build`);
    }
  }
  const recorded = reportOnly
    ? (JSON.parse(readFileSync(RECORD, "utf8")) as Recorded)
    : await measure();
  const report = results(recorded);
  console.log(report);
  writeFileSync(path.join(ROOT, "bench/patches-results.md"), report);
}

/** The commit measured, and whether the working tree differed from it. */
function commit(): string {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  return `commit ${git("rev-parse", "--short", "HEAD")}${dirty ? " with uncommitted changes" : ""}`;
}

/**
 * A load's CPU time × its round's normalised slowdown, as the bench scales every figure. On a
 * host so busy that its benchmarkIndex falls far below its quiet figure (195-435 against
 * 2,400-2,900, 2026-12-01) that slowdown falls to about ×1, while the traced CPU time leaves
 * out the waiting for a core that lowered the index: the figures are then smaller than a
 * quiet host's, and a difference that passes 10 ms passes there too.
 */
const scaledCpu = (load: Load) => (load.cpuMs === null ? null : load.cpuMs * load.slowdown);

/** The value at quantile `q` (0-1) of `values`, by linear interpolation. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] as number;
  const high = sorted[Math.ceil(at)] as number;
  return low + (high - low) * (at - Math.floor(at));
}

function results(recorded: Recorded): string {
  const pages = recorded.pages.filter((page) =>
    variants.every((variant) => recorded.loads[`${variant.label} ${page}`]),
  );
  const loadsOf = (variant: Variant, page: string) =>
    recorded.loads[`${variant.label} ${page}`] ?? [];
  const all = variants[0] as Variant;
  /**
   * The differences, build without the patch minus build with all, of the loads of the same
   * round and page: both ran within a minute of each other, so a busy spell of the host falls
   * on both.
   */
  const paired = (variant: Variant, pick: (load: Load) => number | null): number[] =>
    pages.flatMap((page) =>
      loadsOf(variant, page).flatMap((load) => {
        const base = loadsOf(all, page).find((each) => each.round === load.round);
        const [off, on] = [pick(load), base ? pick(base) : null];
        return off === null || on === null ? [] : [off - on];
      }),
    );
  const slowdowns = recorded.indexes.map(normalisedSlowdown);
  const bytes = (variant: Variant, page: string) => firstLoadBytes(variant, page);
  const lost = (variant: Variant) =>
    pages.reduce((sum, page) => sum + summarise(loadsOf(variant, page)).lost, 0);
  const loadCount = (variant: Variant) =>
    pages.reduce((sum, page) => sum + loadsOf(variant, page).length, 0);
  const lines = [
    "# What each patch buys (bench/patches.ts)",
    "",
    `${new Date().toISOString().slice(0, 10)}, ${commit()}: benchmarkIndex ${median(recorded.indexes)} (${Math.min(...recorded.indexes)}–${Math.max(...recorded.indexes)}), so CPU ×${median(slowdowns)} (${Math.min(...slowdowns)}–${Math.max(...slowdowns)}) for the timed loads and the same for the CPU times; the phone profile; ${recorded.runs} rounds, each loading ${pages.join(", ")} from every build in turn.`,
    "",
    `Each figure is the build without the patch minus the build with every patch, so what the patch buys is a positive figure. CPU: the main thread's CPU time after the first paint (an unthrottled traced load × the round's slowdown), as the median and the interquartile range of the differences between the loads of the same round and page, pooled over the pages. Times: medians of the same differences. First-load JavaScript: gzip, the largest difference among the pages. Analytics: the SDK's chunk, which loads after consent. A patch stays where it buys ≥ ${KEEP_IF.cpuMs} ms of CPU, ≥ ${KEEP_IF.bytes / 1000} KB (${KEEP_IF.bytes.toLocaleString("en")} B) of gzip, a kept tap, a largest paint ≥ ${KEEP_IF.largestPaintMs} ms sooner, or an app started ≥ ${KEEP_IF.appStartMs} ms sooner after the first paint (decision record 28); a CPU figure whose interquartile range reaches across ${KEEP_IF.cpuMs} ms is on the edge on a host this loaded.`,
    "",
    "| without | CPU ms | first paint → started ms | → hydrated ms | LCP ms | first-load JS B | analytics B | taps lost | buys |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const variant of variants.slice(1)) {
    const cpu = paired(variant, scaledCpu);
    const cpuMedian = quantile(cpu, 0.5);
    const [q1, q3] = [quantile(cpu, 0.25), quantile(cpu, 0.75)];
    const byteDelta = Math.max(...pages.map((page) => bytes(variant, page) - bytes(all, page)));
    const analyticsDelta = analyticsChunkBytes(variant) - analyticsChunkBytes(all);
    const largestPaintLater = quantile(
      paired(variant, (load) => load.lcpMs),
      0.5,
    );
    const appStartLater = quantile(
      paired(variant, (load) => load.startedGapMs),
      0.5,
    );
    const buys = patchBuys({
      cpuMs: { median: cpuMedian, q1, q3 },
      firstLoadBytes: byteDelta,
      analyticsBytes: analyticsDelta,
      tapsLostWithout: lost(variant),
      tapsLostWithAll: lost(all),
      largestPaintMs: largestPaintLater,
      appStartMs: appStartLater,
    });
    const timeDelta = (pick: (load: Load) => number | null) =>
      signed(quantile(paired(variant, pick), 0.5));
    lines.push(
      `| ${variant.without} | ${signed(cpuMedian)} (${signed(q1)} to ${signed(q3)}) | ${signed(appStartLater)} | ${timeDelta((load) => load.hydratedGapMs)} | ${signed(largestPaintLater)} | ${signed(byteDelta)} | ${signed(analyticsDelta)} | ${lost(variant)}/${loadCount(variant)} | ${buys.join(", ") || "nothing"} |`,
    );
  }
  lines.push(
    "",
    "The build with every patch, absolute figures per page (medians; CPU with its range):",
    "",
    "| page | CPU ms | first paint → started ms | → hydrated ms | LCP ms | first-load JS B | analytics B | taps lost |",
    "|---|---|---|---|---|---|---|---|",
    ...pages.map((page) => {
      const base = summarise(loadsOf(all, page));
      const cpu = loadsOf(all, page)
        .map(scaledCpu)
        .filter((ms): ms is number => ms !== null)
        .map(Math.round);
      return `| ${page} | ${medianAndRange(cpu)} | ${base.startedGapMs} | ${base.hydratedGapMs} | ${base.lcpMs} | ${bytes(all, page)} | ${analyticsChunkBytes(all)} | ${base.lost}/${base.loads} |`;
    }),
    "",
    "Per page, the medians of the paired differences:",
    "",
    "| without | page | CPU ms | first paint → started ms | → hydrated ms | LCP ms | first-load JS B |",
    "|---|---|---|---|---|---|---|",
  );
  for (const variant of variants.slice(1)) {
    for (const page of pages) {
      const one = (pick: (load: Load) => number | null) => {
        const differences = loadsOf(variant, page).flatMap((load) => {
          const base = loadsOf(all, page).find((each) => each.round === load.round);
          const [off, on] = [pick(load), base ? pick(base) : null];
          return off === null || on === null ? [] : [off - on];
        });
        return signed(quantile(differences, 0.5));
      };
      lines.push(
        `| ${variant.without} | ${page} | ${one(scaledCpu)} | ${one((load) => load.startedGapMs)} | ${one((load) => load.hydratedGapMs)} | ${one((load) => load.lcpMs)} | ${signed(bytes(variant, page) - bytes(all, page))} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.main) await main();
