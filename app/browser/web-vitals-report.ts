/**
 * The field's speed figures (docs/decisions/0029): Google's `web-vitals` measures each page
 * view's LCP, INP, CLS, FCP and TTFB as Chrome's own field data does, client navigations as
 * page views of their own (`reportSoftNavs`, where the browser reports them). When the page
 * is hidden, each page view not yet reported goes to the site's own server in one beacon:
 * the page id, locale, device class and navigation type, the values, and on the page view
 * the visitor opened, how many of their early taps the app carried out. No cookie is set,
 * no identifier is sent, and nothing at all without analytics consent: this module is
 * loaded only once it is given (consent-services.ts), and checks it again before sending.
 *
 * Its own chunk, fetched after the start: nothing of it is in any page's first load, which
 * postbuild checks along with its byte budget (VITALS_CHUNK_BUDGET_BYTES).
 */
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { grantedChoice } from "../lib/analytics/consent.ts";
import type { EarlyAction } from "../lib/early-actions/replay.ts";
import {
  type EarlyActionKind,
  type PageViewReading,
  VITALS_PATH,
  vitalsReport,
} from "../lib/vitals/report.ts";
import { getConsentState } from "./consent-store.ts";
import { replayedEarlyActions } from "./early-actions.ts";

const EARLY_ACTION_KIND: Record<EarlyAction["type"], EarlyActionKind> = {
  click: "tap",
  input: "typing",
  key: "key",
};

/** A page view measured and not yet reported. */
interface PendingView {
  reading: PageViewReading;
  /** The document the visitor opened, where the early actions were made. */
  isOpened: boolean;
}

/** Page views measured and not yet reported, by key (see `pageViewKey`). */
const pending = new Map<string, PendingView>();
/** Page views already reported: a later value of theirs (the page shown again) is dropped. */
const reported = new Set<string>();
let isOn = false;
let isObserving = false;
/** Pages restored from the back/forward cache so far: each restore is a page view. */
let restores = 0;

/**
 * A page view: the document as loaded (or each of its restores from the back/forward
 * cache), or each client navigation the browser reported (its own navigation id).
 */
function pageViewKey(metric: Metric): string {
  return `${restores}:${metric.navigationId}`;
}

function record(metric: Metric): void {
  const key = pageViewKey(metric);
  if (!isOn || reported.has(key)) return;
  // A client navigation fetches no document: web-vitals reports its TTFB as 0, which is not
  // a measure of anything, so it stays out of the histogram.
  if (metric.name === "TTFB" && metric.navigationType === "soft-navigation") return;
  let view = pending.get(key);
  if (view === undefined) {
    view = {
      reading: {
        url: metric.navigationURL ?? window.location.href,
        viewportWidth: window.innerWidth,
        navigation: metric.navigationType,
        values: {},
      },
      isOpened: restores === 0 && metric.navigationType !== "soft-navigation",
    };
    pending.set(key, view);
  }
  view.reading.values[metric.name] = metric.value;
}

/** The kept actions the app carried out, by kind (they were made before the start). */
function earlyActions(): Partial<Record<EarlyActionKind, number>> {
  const counts: Partial<Record<EarlyActionKind, number>> = {};
  for (const type of replayedEarlyActions) {
    const kind = EARLY_ACTION_KIND[type];
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** Sends every pending page view, one beacon each; the page is being hidden. */
function flush(): void {
  const views = [...pending];
  pending.clear();
  if (!isOn || !grantedChoice(getConsentState()).analytics) return;
  for (const [key, { reading, isOpened }] of views) {
    reported.add(key);
    const report = vitalsReport(isOpened ? { ...reading, early: earlyActions() } : reading);
    if (report === null) continue;
    // JSON, so the server can refuse anything else (415); the CSP's connect-src 'self'
    // allows the site's own origin. The browser adds the origin's cookies; none is read.
    navigator.sendBeacon(
      VITALS_PATH,
      new Blob([JSON.stringify(report)], { type: "application/json" }),
    );
  }
}

/** Starts measuring and reporting (analytics consent was given). */
export function startVitalsReport(): void {
  isOn = true;
  if (isObserving) return;
  isObserving = true;
  const options = { reportSoftNavs: true };
  onTTFB(record, options);
  onFCP(record, options);
  onLCP(record, options);
  onCLS(record, options);
  onINP(record, options);
  // After web-vitals' own listeners (theirs capture), which report LCP, INP and CLS on
  // hiding. Not on `pagehide`: leaving a page fires it before the visibility change (HTML's
  // "unload a document"), so it would report the page view before those three.
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) restores += 1;
  });
}

/** Stops reporting at once (consent withdrawn): what was measured is dropped, not sent. */
export function stopVitalsReport(): void {
  isOn = false;
  pending.clear();
}
