/**
 * The INP section of `npm run bench` (issue 50): Interaction to Next Paint in the lab, on the
 * phone profile of the interaction section (412 px touch screen, 1.6 Mbit/s, 150 ms round
 * trip) at the CPU slowdown normalised to the host. Each scenario is a page load in which a
 * visitor, once the page has started, does one thing the site answers with its own code:
 * opens the menu, types in the FAQ filter, types a count into the pricing calculator,
 * switches the billing period, opens the partner form and its dropdown, answers the consent
 * banner. INP comes from the same `web-vitals` as the field's speed reports
 * (app/browser/web-vitals-report.ts): the package's own build of the installed version, put
 * into the page before its scripts, so that the lab and the field measure alike. It reports
 * every change (`reportAllChanges`) and counts interactions from 16 ms, the least Event
 * Timing allows (the field keeps web-vitals' default of 40 ms, below which it reports the
 * first interaction's input delay); with fewer than 50 interactions a page view's INP is its
 * slowest, so a scenario's INP is the worst of its interactions. The static reference's
 * native disclosure and search field, tapped and typed into the same way, give the floor
 * each interaction is read against: what the phone and the host cost with no script.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, CDPSession, Page } from "@playwright/test";
import { NO_CONSENT, serializeConsent } from "../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../app/lib/analytics/constants.ts";
import { message } from "../tests/e2e/support/catalog.ts";
import {
  inPage,
  median,
  medianAndRange,
  NETWORK,
  normalisedSlowdown,
  PHONE,
  pollInPage,
  THIRD_PARTIES,
} from "./interaction.ts";
import { REFERENCE_PATH } from "./reference.ts";

/** Issue 50's target: every interaction's INP at most this at the normalised slowdown. */
export const INP_TARGET_MS = 100;

/**
 * The package's classic-script build (global `webVitals`), the version the site ships, in its
 * attribution flavour: the same measurement, plus where the slowest interaction's time went.
 */
function webVitalsScript(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve("web-vitals");
  return readFileSync(
    main.replace(/web-vitals\.umd\.cjs$/, "web-vitals.attribution.iife.js"),
    "utf8",
  );
}

/** Where the INP interaction's time went (web-vitals' attribution), in ms. */
export interface InpParts {
  /** The interaction: its kind and the element it reached. */
  what: string;
  inputDelay: number;
  processing: number;
  presentation: number;
  /** The script that ran longest within it, if the browser attributed one. */
  longestScript: string | null;
}

/** Records the page view's INP as web-vitals reports it, each change, with its parts. */
const INP_PROBE = `webVitals.onINP((metric) => {
  const a = metric.attribution;
  const script = a.longestScript;
  window.__inp = {
    value: metric.value,
    interactions: metric.entries.length,
    parts: {
      what: (a.interactionType ?? "?") + " on " + (a.interactionTarget ?? "?"),
      inputDelay: Math.round(a.inputDelay),
      processing: Math.round(a.processingDuration),
      presentation: Math.round(a.presentationDelay),
      longestScript: script
        ? Math.round(script.intersectingDuration) + " ms in " + script.subpart + ", " +
          (script.entry.invoker || "?") + " (" +
          (script.entry.sourceURL || "").split("/").pop() + ")"
        : null,
    },
  };
}, { reportAllChanges: true, durationThreshold: 16 });`;

/**
 * One step of a scenario: a tap, or typing into a field (which it taps first), with an
 * expression that is true once the effect shows.
 */
type Step = { tap: string; shown: string } | { type: string; into: string; shown?: string };

const exists = (selector: string) => `Boolean(document.querySelector(${JSON.stringify(selector)}))`;

/** The static reference's interactions, by the kind of site interaction each stands beside. */
export type ReferenceKind = "tap" | "typing";

export interface InpScenario {
  name: string;
  path: string;
  /** A first visit (the consent banner open) or a returning one who chose (no banner). */
  firstVisit: boolean;
  steps: Step[];
  /** A control of the static reference, which runs no script: not a target, a floor. */
  reference?: ReferenceKind;
}

/** True once a page can be used: the site's has hydrated; the reference has loaded. */
function readyExpression(scenario: InpScenario): string {
  return scenario.reference
    ? "document.readyState === 'complete'"
    : "window.__beyondPageHydrated === true";
}

/**
 * Runs in the page (its source text over the DevTools protocol): the element a selector or
 * a button's visible text names. `text=…` finds a button by its text.
 */
function elementOf(selector: string): Element | null {
  if (!selector.startsWith("text=")) return document.querySelector(selector);
  const text = selector.slice(5);
  return (
    [...document.querySelectorAll("button")].find(
      (button) => button.textContent?.trim() === text && button.getClientRects().length > 0,
    ) ?? null
  );
}

export const INP_SCENARIOS: readonly InpScenario[] = [
  // What a tap and a keystroke cost on this phone and host with no script at all: the
  // same pacing and probe on the static reference's native disclosure and search field.
  {
    name: "static reference: a question opened natively",
    path: REFERENCE_PATH,
    firstVisit: false,
    reference: "tap",
    steps: [{ tap: "details > summary", shown: exists("details[open]") }],
  },
  {
    name: "static reference: typing in a search field",
    path: REFERENCE_PATH,
    firstVisit: false,
    reference: "typing",
    steps: [{ type: "budget", into: "#search" }],
  },
  {
    name: "menu toggle",
    path: "/",
    firstVisit: false,
    steps: [
      {
        tap: ".menu-toggle",
        shown: exists(".site-nav:popover-open, .site-nav[data-open='true']"),
      },
    ],
  },
  {
    name: "typing in the FAQ filter",
    path: "/faqs",
    firstVisit: false,
    steps: [{ type: "budget", into: ".faq-filter input[type=search]" }],
  },
  {
    name: "typing a count in the pricing calculator",
    path: "/pricing",
    firstVisit: false,
    steps: [{ type: "40", into: "input[type=number]" }],
  },
  {
    name: "the billing toggle",
    path: "/pricing",
    firstVisit: false,
    steps: [
      { tap: "input[type=radio][value=monthly]", shown: exists("input[value=monthly]:checked") },
    ],
  },
  {
    name: "the partner form and its dropdown",
    path: "/referrals",
    firstVisit: false,
    steps: [
      {
        tap: `text=${message("en", "referrals.partners.cta")}`,
        // The live form has arrived (the prerendered one has native selects).
        shown: exists("dialog[open] .dropdown__toggle"),
      },
      // A visitor on a phone taps the field and types: the list opens with what matches.
      {
        type: "b",
        into: "dialog[open] .dropdown__input",
        shown: exists("dialog[open] .dropdown[data-open]"),
      },
    ],
  },
  {
    name: "a consent choice ('Accept all')",
    path: "/pricing",
    firstVisit: true,
    steps: [
      {
        tap: ".consent-banner .consent-banner__button:nth-of-type(1)",
        // Gone, or no longer drawn.
        shown: "!document.querySelector('.consent-banner')?.getClientRects().length",
      },
    ],
  },
];

export interface InpRun {
  slowdown: number;
  /** The page view's INP; null when no interaction was measured. */
  inpMs: number | null;
  /** Interactions web-vitals counted. */
  interactions: number;
  parts: InpParts | null;
}

/**
 * Where an element's centre is, scrolled to the middle of the screen; false until it is.
 * `moved` says whether that scroll moved it: a visitor taps what is already on screen.
 */
const centreOf = (selector: string) =>
  `((selector) => {
    const element = (${elementOf.toString()})(selector);
    if (!element) return false;
    const before = element.getBoundingClientRect();
    element.scrollIntoView({ block: "center" });
    const rect = element.getBoundingClientRect();
    if (rect.width === 0) return false;
    const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    const hit = document.elementFromPoint(point.x, point.y);
    const moved = Math.abs(rect.x - before.x) + Math.abs(rect.y - before.y) > 1;
    return hit && (element.contains(hit) || hit.contains(element)) ? { ...point, moved } : false;
  })(${JSON.stringify(selector)})`;

/** How long a visitor's eye and finger take between seeing a control and touching it. */
const VISITOR_PAUSE_MS = 500;

/**
 * Taps an element as a visitor does: once it is on screen and still. A tap sent in the same
 * moment as a scroll is one no finger can make, and its input delay was mostly the browser's
 * (Chromium held such a touch in its browser process for about 220 ms while the scroll's
 * frame was produced, before the page's main thread saw it), so a control that had to be
 * scrolled to is tapped after a pause, where it then is.
 */
async function tapOn(page: Page, cdp: CDPSession, selector: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const point = await pollInPage<{ x: number; y: number; moved: boolean }>(
      cdp,
      centreOf(selector),
      15_000,
    );
    if (!point) throw new Error(`${page.url()}: nothing to tap at ${selector}`);
    if (!point.moved) {
      await page.touchscreen.tap(point.x, point.y);
      return;
    }
    await page.waitForTimeout(VISITOR_PAUSE_MS);
  }
  throw new Error(`${page.url()}: ${selector} kept moving; nothing tapped`);
}

async function runStep(page: Page, cdp: CDPSession, step: Step): Promise<void> {
  if ("tap" in step) {
    await tapOn(page, cdp, step.tap);
    const shown = await pollInPage<boolean>(cdp, step.shown, 15_000);
    if (!shown)
      throw new Error(`${page.url()}: after a tap on ${step.tap}, ${step.shown} never held`);
    return;
  }
  await tapOn(page, cdp, step.into);
  // The field's own text selected without an interaction, so that typing replaces it.
  await inPage(cdp, `document.querySelector(${JSON.stringify(step.into)}).select()`);
  // A visitor types once the field has answered the tap (on a phone, once the keyboard is up).
  await page.waitForTimeout(VISITOR_PAUSE_MS);
  await page.keyboard.type(step.type, { delay: 120 });
}

async function measureOnce(
  browser: Browser,
  origin: string,
  scenario: InpScenario,
  slowdown: number,
): Promise<InpRun> {
  const context = await browser.newContext(PHONE);
  try {
    if (!scenario.firstVisit) {
      // A returning visitor who rejected everything: no banner, and none of the vendors'
      // scripts, so the page's own code is what answers.
      const record = serializeConsent({
        ...NO_CONSENT,
        version: CONSENT_VERSION,
        decidedAt: Date.now(),
      });
      await context.addCookies([
        { name: CONSENT_COOKIE, value: encodeURIComponent(record), url: origin },
      ]);
    }
    const page = await context.newPage();
    await page.addInitScript(`${webVitalsScript()}\n${INP_PROBE}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.setBlockedURLs", { urls: [...THIRD_PARTIES] });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    await page.goto(`${origin}${scenario.path}`, { waitUntil: "commit" });
    const ready = await pollInPage<boolean>(cdp, readyExpression(scenario), 30_000);
    if (!ready) throw new Error(`${scenario.path}: the page never became ready`);
    // The start's last tasks (effects, the consent record, images) out of the way.
    await page.waitForTimeout(1500);
    for (const step of scenario.steps) {
      await runStep(page, cdp, step);
      await page.waitForTimeout(500);
    }
    // web-vitals handles event entries in an idle callback (at most 1 s later).
    await page.waitForTimeout(1500);
    const inp = await inPage<{ value: number; interactions: number; parts: InpParts } | null>(
      cdp,
      "window.__inp ?? null",
    );
    return {
      slowdown,
      inpMs: inp ? Math.round(inp.value) : null,
      interactions: inp?.interactions ?? 0,
      parts: inp?.parts ?? null,
    };
  } finally {
    await context.close();
  }
}

export interface InpRow {
  scenario: string;
  path: string;
  slowdowns: number[];
  /** Median over the runs that measured an interaction; null when none did. */
  inpMs: number | null;
  /** Every run's INP, for the range. */
  readings: number[];
  /** Runs that measured no interaction at all (a tap that reached nothing). */
  unmeasured: number;
  runs: number;
  /** Where the time went in the run whose INP is the median (the lower one of an even count). */
  medianParts: InpParts | null;
  /** Set on the static reference's rows. */
  reference?: ReferenceKind;
}

/**
 * Every scenario `runs` times, round-robin, each run at the slowdown normalised to the
 * host's benchmarkIndex just before it.
 */
export async function inpSection(
  browser: Browser,
  origin: string,
  runs: number,
  hostIndex: () => Promise<number>,
  scenarios: readonly InpScenario[] = INP_SCENARIOS,
): Promise<InpRow[]> {
  const results = new Map<string, InpRun[]>();
  for (let run = 0; run < runs; run += 1) {
    for (const scenario of scenarios) {
      const slowdown = normalisedSlowdown(await hostIndex());
      const result = await measureOnce(browser, origin, scenario, slowdown);
      results.set(scenario.name, [...(results.get(scenario.name) ?? []), result]);
      console.log(
        `inp ${scenario.name} (${scenario.path}) ×${slowdown} run ${run + 1}: INP ${result.inpMs ?? "none"} ms over ${result.interactions} event entries${result.parts ? `: ${partsText(result.parts)}` : ""}`,
      );
    }
  }
  return scenarios.map((scenario) => {
    const all = results.get(scenario.name) ?? [];
    const readings = all.flatMap((one) => (one.inpMs === null ? [] : [one.inpMs]));
    return {
      scenario: scenario.name,
      path: scenario.path,
      slowdowns: all.map((one) => one.slowdown),
      inpMs: readings.length > 0 ? median(readings) : null,
      readings,
      unmeasured: all.length - readings.length,
      runs: all.length,
      medianParts: medianRun(all)?.parts ?? null,
      ...(scenario.reference ? { reference: scenario.reference } : {}),
    };
  });
}

/** The run whose INP is the median of those measured (the lower middle of an even count). */
export function medianRun(runs: readonly InpRun[]): InpRun | null {
  const measured = runs
    .filter((run) => run.inpMs !== null)
    .sort((a, b) => (a.inpMs ?? 0) - (b.inpMs ?? 0));
  return measured[Math.floor((measured.length - 1) / 2)] ?? null;
}

export function partsText(parts: InpParts): string {
  const script = parts.longestScript ? `; longest script ${parts.longestScript}` : "";
  return `${parts.what}: input delay ${parts.inputDelay}, processing ${parts.processing}, presentation ${parts.presentation}${script}`;
}

/**
 * The reference an interaction is read against: the native disclosure for a tap, the search
 * field for a keystroke (web-vitals names the median run's slowest interaction's kind).
 */
export function referenceKindOf(parts: InpParts | null): ReferenceKind {
  return parts?.what.startsWith("keyboard") ? "typing" : "tap";
}

export function inpTable(rows: readonly InpRow[]): string {
  const header = `| interaction | page | CPU × | INP ms (median, range) | ÷ reference | ≤ ${INP_TARGET_MS} ms | runs | the median run's INP, in ms |`;
  const divider = "|---|---|---|---|---|---|---|---|";
  const referenceMs = (kind: ReferenceKind) =>
    rows.find((row) => row.reference === kind)?.inpMs ?? null;
  const lines = rows.map((row) => {
    const inp = row.inpMs === null ? "none" : medianAndRange(row.readings);
    const met = row.inpMs !== null && row.unmeasured === 0 && row.inpMs <= INP_TARGET_MS;
    const against = referenceMs(row.reference ?? referenceKindOf(row.medianParts));
    const ratio =
      row.inpMs === null || against === null || against === 0
        ? "–"
        : (row.inpMs / against).toFixed(2);
    const parts = row.medianParts ? partsText(row.medianParts).replaceAll("|", "\\|") : "–";
    return `| ${row.scenario} | ${row.path} | ${medianAndRange(row.slowdowns)} | ${inp} | ${ratio} | ${row.reference ? "(reference)" : met ? "yes" : "no"} | ${row.runs}${row.unmeasured > 0 ? ` (${row.unmeasured} without a measured interaction)` : ""} | ${parts} |`;
  });
  return [header, divider, ...lines].join("\n");
}
