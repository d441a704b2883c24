/**
 * What one page view's speed report holds (docs/decisions/0029): Core Web Vitals as the
 * visitor's browser measured them, sent once per page view to the site's own server, which
 * only adds them to running totals. Every label a report carries is from a closed set, so
 * a client can never grow the number of series the server keeps.
 */
import { type Locale, localeFromPath, stripLocale } from "../locale.ts";
import { PAGES, type PageId } from "../pages.ts";

/** Where the browser sends its reports (same origin; `connect-src 'self'`). */
export const VITALS_PATH = "/api/vitals";

/** The largest body the server reads; a report is about 250 bytes. */
export const VITALS_BODY_MAX_BYTES = 1024;

/** The metrics a report may carry, as `web-vitals` names them. */
export const VITALS_METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/**
 * The largest value the server believes, inclusive (the least is 0): milliseconds for the
 * timings, a score for CLS. A page that takes longer than a minute to paint, or a tap a
 * minute to answer, is not a visit anyone sat through; a layout that shifted by ten
 * screens' worth is a broken measurement.
 */
export const VITALS_MAX: Readonly<Record<VitalsMetric, number>> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10,
  FCP: 60_000,
  TTFB: 60_000,
};

/** The page a report is about when the path is none of the page table's: the 404 page. */
export const NOT_FOUND_PAGE = "not-found";

export type VitalsPage = PageId | typeof NOT_FOUND_PAGE;

/**
 * Device classes by viewport width, at the stylesheet's own breakpoints
 * (app/styles/global.css): the phone layout up to 640 px, the menu behind a toggle up to
 * 1,199 px (a tablet, or a narrow window), the full header from 1,200 px.
 */
export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const PHONE_MAX_WIDTH_PX = 640;
export const TABLET_MAX_WIDTH_PX = 1199;

export function deviceClass(viewportWidth: number): DeviceClass {
  if (viewportWidth <= PHONE_MAX_WIDTH_PX) return "phone";
  return viewportWidth <= TABLET_MAX_WIDTH_PX ? "tablet" : "desktop";
}

/** How the page view began, as `web-vitals` reports it (`Metric["navigationType"]`). */
export const NAVIGATION_TYPES = [
  "navigate",
  "reload",
  "back-forward",
  "back-forward-cache",
  "prerender",
  "restore",
  "soft-navigation",
] as const;
type NavigationType = (typeof NAVIGATION_TYPES)[number];

/**
 * What the head's capture script kept before the app started and the app then carried out
 * (docs/decisions/0009): taps (clicks on buttons, radios, checkboxes), typing (a run of
 * input in one field) and keys (arrows, Home and End on tabs).
 */
export const EARLY_ACTION_KINDS = ["tap", "typing", "key"] as const;
export type EarlyActionKind = (typeof EARLY_ACTION_KINDS)[number];

/** The most early actions of one kind a report may count; more are not a visitor's. */
export const EARLY_ACTIONS_MAX = 100;

/** The body of `POST /api/vitals`. */
export interface VitalsReport {
  page: VitalsPage;
  locale: Locale;
  device: DeviceClass;
  navigation: NavigationType;
  /** At least one metric; a browser without an API (CLS outside Chromium) leaves it out. */
  metrics: Partial<Record<VitalsMetric, number>>;
  /** Only on the page view the visitor opened, when anything was kept and carried out. */
  early?: Partial<Record<EarlyActionKind, number>>;
}

/**
 * The page id of a path, from the page table's patterns (`faqs/:slug` matches any one
 * segment); any other path is the not-found page's. Never the path itself: a report names
 * a page, not an address (which could carry a query or a typo of a visitor's).
 */
export function pageOfPath(pathname: string): VitalsPage {
  const segments = stripLocale(pathname).slice(1).split("/");
  const page = PAGES.find((candidate) => {
    const parts = candidate.pattern.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, index) =>
        part.startsWith(":") ? segments[index] !== "" : part === segments[index],
      )
    );
  });
  return page?.id ?? NOT_FOUND_PAGE;
}

/** One page view as the browser saw it. */
export interface PageViewReading {
  /** The page view's address; only its path is read. */
  url: string;
  viewportWidth: number;
  navigation: NavigationType;
  /** Each metric's value as `web-vitals` reports it (milliseconds, CLS a score). */
  values: Partial<Record<VitalsMetric, number>>;
  early?: Partial<Record<EarlyActionKind, number>>;
}

/**
 * The report of a page view, or null when it has nothing to report. Timings are rounded to
 * whole milliseconds and CLS to four places: finer than any bucket, and a shorter body.
 */
export function vitalsReport(reading: PageViewReading): VitalsReport | null {
  const metrics: Partial<Record<VitalsMetric, number>> = {};
  for (const name of VITALS_METRICS) {
    const value = reading.values[name];
    if (value === undefined) continue;
    metrics[name] = name === "CLS" ? Math.round(value * 1e4) / 1e4 : Math.round(value);
  }
  if (Object.keys(metrics).length === 0) return null;
  const { pathname } = new URL(reading.url);
  const early = Object.entries(reading.early ?? {}).filter(([, count]) => count > 0);
  return {
    page: pageOfPath(pathname),
    locale: localeFromPath(pathname),
    device: deviceClass(reading.viewportWidth),
    navigation: reading.navigation,
    metrics,
    ...(early.length > 0 ? { early: Object.fromEntries(early) } : {}),
  };
}
