/**
 * The interaction section of `npm run bench` (issue 13): a page loaded as on a mid-range
 * phone (1.6 Mbit/s down, 150 ms round trip, CPU slowed through the DevTools protocol),
 * driven from outside like a visitor. For each load it records the first paint, the moment
 * the app started (`window.__reactRouterDataRouter` set), the longest task, the blocking
 * time (the part of every task beyond 50 ms, summed) up to 1.5 s after the start, and a
 * tap made 100 ms after the first paint: how long until its effect shows, or 'lost'.
 */
import { type Browser, type CDPSession, chromium } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.ts";
import { bootScripts } from "../scripts/defer-hydration.ts";
import { type ScriptTiming, type StartPhases, startPhases } from "./start-phases.ts";

/** Lighthouse's "mobile" network: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Lighthouse's emulated phone (Moto G Power): the mobile layout, menu toggle included. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export const THIRD_PARTIES = [
  "*://*.amplitude.com/*",
  "*://www.googletagmanager.com/*",
  "*://snap.licdn.com/*",
  "*://*.linkedin.com/*",
  "*://*.tawk.to/*",
  "*://*.vimeo.com/*",
  "*://*.vimeocdn.com/*",
];

/** Reference host of issue 13: the slowdown is scaled so a host measures like this one. */
export const REFERENCE_BENCHMARK_INDEX = 1500;
export const BASE_SLOWDOWN = 4;

/** 4 × benchmarkIndex / 1500: on a faster host, a proportionally larger slowdown. */
export function normalisedSlowdown(benchmarkIndex: number): number {
  return Number(((BASE_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX).toFixed(2));
}

/**
 * A series of readings as the tables show them: the median, and the range when the
 * readings differ (a page's slowdowns, the host's benchmarkIndex). Each run is scaled to the
 * host's speed just before it (`measureBenchmarkIndex`): on a shared host that speed swings
 * by nearly half within minutes, and one slowdown fixed at the start would measure the
 * neighbours as much as the page.
 */
export function medianAndRange(readings: readonly number[]): string {
  if (readings.length === 0) return "–";
  const sorted = [...readings].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)] as number;
  const low = sorted[0] as number;
  const high = sorted[sorted.length - 1] as number;
  return low === high ? String(middle) : `${middle} (${low}–${high})`;
}

/** The CPU slowdown of one run: scaled to the host as it runs now, or the raw 4×. */
export type SlowdownProfile = "normalised" | "raw";

/** How a tap's effect shows: see `effectVisible`. */
export type Effect = "menu open" | "banner closed" | "banner settings" | "question open";

/** One control per page, above the fold on the phone, and how its effect shows. */
export interface Tap {
  name: string;
  selector: string;
  effect: Effect;
}

/**
 * Runs in the page, as its source text over the DevTools protocol (`inPage`): self-contained.
 * True once the effect is visible.
 */
export function effectVisible(effect: Effect): boolean {
  if (effect === "menu open") {
    const nav = document.querySelector<HTMLElement>(".site-nav");
    try {
      if (nav?.matches(":popover-open")) return true;
    } catch {
      // no popovers in this browser: the app sets data-open
    }
    return nav?.dataset.open === "true";
  }
  const banner = document.querySelector<HTMLElement>(".consent-banner");
  // Gone, or no longer drawn: before the start, a decision hides the pending banner.
  if (effect === "banner closed") return banner === null || banner.getClientRects().length === 0;
  if (effect === "banner settings") return banner?.dataset.view === "settings";
  return document.querySelector<HTMLDetailsElement>(".faq-item details")?.open === true;
}

const MENU: Tap = { name: "menu toggle", selector: ".menu-toggle", effect: "menu open" };
const consent = (selector: string, name: string, effect: Effect): Tap => ({
  name: `consent '${name}'`,
  selector: `.consent-banner ${selector}`,
  effect,
});
const ACCEPT = consent(".consent-banner__button:nth-of-type(1)", "Accept all", "banner closed");
const REJECT = consent(".consent-banner__button:nth-of-type(2)", "Reject all", "banner closed");
const SETTINGS = consent(".consent-banner__open-settings", "Settings", "banner settings");

/** The control tapped on a page: spread over the kinds (native, and kept for the app). */
export function tapFor(path: string): Tap {
  const bare = path.replace(/^\/(de|es|fr)(?=\/|$)/, "") || "/";
  if (bare === "/" || bare === "/xero" || bare === "/features") return MENU;
  // On a phone the first question of /faqs sits under the consent banner, and those of
  // the integration FAQs under the Xero-connection panel: out of the first screen.
  if (bare === "/xero-integration/faqs") return REJECT;
  if (bare === "/faqs") return SETTINGS;
  if (bare === "/pricing" || bare === "/terms") return ACCEPT;
  if (bare.startsWith("/faqs/")) return SETTINGS;
  if (bare === "/referrals" || bare === "/privacy-policy") return REJECT;
  return ACCEPT;
}

export interface InteractionRun {
  /** The CPU slowdown this load ran at. */
  slowdown: number;
  firstPaintMs: number;
  startedMs: number | null;
  /** When the whole page had hydrated (every part live); null when it never did. */
  hydratedMs: number | null;
  longestTaskMs: number;
  blockingMs: number;
  /** From the tap to its effect; null when the effect never showed (lost). */
  tapToEffectMs: number | null;
  /**
   * First paint to the whole page hydrated, split at the scripts' first request and last
   * byte; null when the page never hydrated.
   */
  phases: StartPhases | null;
}

/**
 * Records in the page: long tasks, when the router appeared, when the whole page had
 * hydrated, and when the tap landed. React Router assigns `window.__reactRouterDataRouter`
 * once while starting (decision record 0022: before React DOM's renderer has arrived);
 * app/browser/early-actions.ts sets `__beyondPageHydrated` once the root and every part have
 * committed.
 */
const PAGE_PROBE = `(() => {
  window.__bench = { tasks: [], startedAt: null, hydratedAt: null, tapAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  let router;
  Object.defineProperty(window, "__reactRouterDataRouter", {
    configurable: true,
    get: () => router,
    set: (value) => { router = value; window.__bench.startedAt ??= performance.now(); },
  });
  let hydrated;
  Object.defineProperty(window, "__beyondPageHydrated", {
    configurable: true,
    get: () => hydrated,
    set: (value) => { hydrated = value; window.__bench.hydratedAt ??= performance.now(); },
  });
  addEventListener("pointerdown", () => { window.__bench.tapAt ??= performance.now(); }, true);
})();`;

/**
 * Evaluates an expression in the page over the DevTools protocol, which the site's CSP does
 * not apply to. Playwright's `waitForFunction` and `evaluate` would first put their own
 * helper scripts into the page, and compiling those is a task of its own on the page's
 * main thread (107-112 ms at CPU ×7.69 in a trace of /pricing). At ×4 that task was the
 * longest the bench reported on several pages (50-58 ms; 0 without it).
 */
export async function inPage<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
  return result.value as T;
}

/** Polls `expression` every 16 ms until it is truthy; null after `timeoutMs`. */
export async function pollInPage<T>(
  cdp: CDPSession,
  expression: string,
  timeoutMs: number,
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The document may still be committing: a failed evaluation is one more poll.
    const value = await inPage<T | false | null>(cdp, expression).catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  return null;
}

async function measureOnce(
  browser: Browser,
  url: string,
  tap: Tap,
  slowdown: number,
): Promise<InteractionRun> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    // An accepted banner loads the vendors' tags: none of them is part of the measure.
    await cdp.send("Network.setBlockedURLs", { urls: THIRD_PARTIES });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(url, { waitUntil: "commit" });
    const paint = await pollInPage<number>(
      cdp,
      'performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? false',
      30_000,
    );
    if (paint === null) throw new Error(`${url}: no first contentful paint`);
    const now = await inPage<number>(cdp, "performance.now()");
    if (paint + 100 > now) await page.waitForTimeout(paint + 100 - now);
    // Where the control is now (the page may still be parsing: wait for it to be there),
    // and that nothing covers its centre.
    const box = await pollInPage<{ x: number; y: number }>(
      cdp,
      `((selector) => {
        const element = document.querySelector(selector);
        const rect = element?.getBoundingClientRect();
        if (!element || !rect || rect.width === 0) return false;
        const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
        const hit = document.elementFromPoint(point.x, point.y);
        return hit && element.contains(hit) ? point : false;
      })(${JSON.stringify(tap.selector)})`,
      15_000,
    );
    if (!box) throw new Error(`${url}: no visible ${tap.selector} to tap`);
    await page.touchscreen.tap(box.x, box.y);
    const tapAt = (await inPage<number | null>(cdp, "window.__bench.tapAt")) ?? now;
    const effectShown = await pollInPage<number>(
      cdp,
      `(${effectVisible.toString()})(${JSON.stringify(tap.effect)}) && performance.now()`,
      15_000,
    );
    // Long tasks until 1.5 s after the whole page has hydrated (or the time-out).
    await pollInPage<boolean>(cdp, "window.__bench.startedAt !== null", 15_000);
    await pollInPage<boolean>(cdp, "window.__bench.hydratedAt !== null", 15_000);
    await page.waitForTimeout(1500);
    const bench = await inPage<Bench["__bench"]>(cdp, "window.__bench");
    // The scripts the page starts with, as the boot script lists them (decision record 7).
    const firstLoad = new Set(
      bootScripts(await inPage<string>(cdp, "document.documentElement.outerHTML")).map(
        (href) => new URL(href, url).href,
      ),
    );
    const resources = await inPage<Array<ScriptTiming & { name: string }>>(
      cdp,
      `performance.getEntriesByType("resource").map(({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }))`,
    );
    const firstLoadScripts = resources.filter((resource) => firstLoad.has(resource.name));
    const durations = bench.tasks.map(([, duration]) => duration);
    return {
      slowdown,
      firstPaintMs: Math.round(paint),
      startedMs: bench.startedAt === null ? null : Math.round(bench.startedAt),
      hydratedMs: bench.hydratedAt === null ? null : Math.round(bench.hydratedAt),
      longestTaskMs: Math.round(Math.max(0, ...durations)),
      blockingMs: Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      tapToEffectMs: effectShown === null ? null : Math.max(0, Math.round(effectShown - tapAt)),
      phases: startPhases(paint, bench.hydratedAt, firstLoadScripts),
    };
  } finally {
    await context.close();
  }
}

interface Bench {
  __bench: {
    tasks: Array<[number, number]>;
    startedAt: number | null;
    hydratedAt: number | null;
    tapAt: number | null;
  };
}

export interface InteractionRow {
  path: string;
  tap: string;
  profile: SlowdownProfile;
  /** Each run's CPU slowdown (one value for the raw profile). */
  slowdowns: number[];
  firstPaintMs: number;
  startedMs: number | null;
  gapMs: number | null;
  /** First paint to the whole page hydrated (median), null when a run never hydrated. */
  hydratedGapMs: number | null;
  longestTaskMs: number;
  blockingMs: number;
  /** Median over the runs that kept the tap; `lost` counts the others. */
  tapToEffectMs: number | null;
  /** Each phase's median over the runs that started; null when one did not. */
  phases: StartPhases | null;
  lost: number;
  runs: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

function medianPhases(phases: Array<StartPhases | null>): StartPhases | null {
  const all = phases.filter((phase): phase is StartPhases => phase !== null);
  if (all.length === 0 || all.length < phases.length) return null;
  return {
    waitingMs: median(all.map((phase) => phase.waitingMs)),
    downloadingMs: median(all.map((phase) => phase.downloadingMs)),
    afterLastByteMs: median(all.map((phase) => phase.afterLastByteMs)),
  };
}

function summarise(
  path: string,
  tap: Tap,
  profile: SlowdownProfile,
  runs: InteractionRun[],
): InteractionRow {
  const started = runs.map((run) => run.startedMs).filter((ms): ms is number => ms !== null);
  const kept = runs.map((run) => run.tapToEffectMs).filter((ms): ms is number => ms !== null);
  const firstPaintMs = median(runs.map((run) => run.firstPaintMs));
  const gaps = runs
    .filter((run) => run.startedMs !== null)
    .map((run) => (run.startedMs as number) - run.firstPaintMs);
  const hydratedGaps = runs
    .filter((run) => run.hydratedMs !== null)
    .map((run) => (run.hydratedMs as number) - run.firstPaintMs);
  return {
    path,
    tap: tap.name,
    profile,
    slowdowns: runs.map((run) => run.slowdown),
    firstPaintMs,
    startedMs: started.length === runs.length ? median(started) : null,
    gapMs: gaps.length === runs.length ? median(gaps) : null,
    hydratedGapMs: hydratedGaps.length === runs.length ? median(hydratedGaps) : null,
    longestTaskMs: median(runs.map((run) => run.longestTaskMs)),
    blockingMs: median(runs.map((run) => run.blockingMs)),
    tapToEffectMs: kept.length > 0 ? median(kept) : null,
    phases: medianPhases(runs.map((run) => run.phases)),
    lost: runs.length - kept.length,
    runs: runs.length,
  };
}

/** Lighthouse's own CPU benchmark, run in a blank page of this browser; median of three. */
export async function measureBenchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    const values: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      values.push(
        (await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number,
      );
    }
    return Math.round(median(values));
  } finally {
    await page.close();
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
}

/**
 * Every page in every profile, `runs` times, round-robin (page after page, then again), so
 * a busy moment of a shared host spreads over all pages instead of hitting one. A
 * normalised run is scaled to the host's benchmarkIndex measured just before it.
 */
export async function interactionSection(
  browser: Browser,
  origin: string,
  paths: string[],
  profiles: SlowdownProfile[],
  runs: number,
  hostIndex: () => Promise<number>,
): Promise<InteractionRow[]> {
  const results = new Map<string, InteractionRun[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const profile of profiles) {
      for (const path of paths) {
        const key = `${profile} ${path}`;
        const slowdown = profile === "raw" ? BASE_SLOWDOWN : normalisedSlowdown(await hostIndex());
        const result = await measureOnce(browser, `${origin}${path}`, tapFor(path), slowdown);
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `interaction ${path} ×${slowdown} run ${run + 1}: paint ${result.firstPaintMs}, started ${result.startedMs}, hydrated ${result.hydratedMs}${result.phases ? ` (waiting ${result.phases.waitingMs}, downloading ${result.phases.downloadingMs}, after the last byte ${result.phases.afterLastByteMs})` : ""}, longest ${result.longestTaskMs}, blocking ${result.blockingMs}, tap ${result.tapToEffectMs ?? "lost"}`,
        );
      }
    }
  }
  return profiles.flatMap((profile) =>
    paths.map((path) =>
      summarise(path, tapFor(path), profile, results.get(`${profile} ${path}`) ?? []),
    ),
  );
}

export function interactionTable(rows: InteractionRow[]): string {
  const header =
    "| page | CPU × | first paint ms | app started ms | gap ms | page hydrated, after first paint ms | of it: waiting | downloading | after the last byte | longest task ms | blocking ms | tapped | tap → effect ms | lost |";
  const divider = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";
  const cell = (value: number | null) => (value === null ? "never" : String(value));
  const phase = (row: InteractionRow, name: keyof StartPhases) =>
    row.phases === null ? "–" : String(row.phases[name]);
  const lines = rows.map(
    (row) =>
      `| ${row.path} | ${medianAndRange(row.slowdowns)} | ${row.firstPaintMs} | ${cell(row.startedMs)} | ${cell(row.gapMs)} | ${cell(row.hydratedGapMs)} | ${phase(row, "waitingMs")} | ${phase(row, "downloadingMs")} | ${phase(row, "afterLastByteMs")} | ${row.longestTaskMs} | ${row.blockingMs} | ${row.tap} | ${row.tapToEffectMs === null ? "lost" : row.tapToEffectMs} | ${row.lost}/${row.runs} |`,
  );
  return [header, divider, ...lines].join("\n");
}
