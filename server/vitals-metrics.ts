import { Counter, Histogram, type Registry } from "prom-client";
import {
  EARLY_ACTION_KINDS,
  NAVIGATION_TYPES,
  VITALS_METRICS,
  type VitalsMetric,
  type VitalsReport,
} from "../app/lib/vitals/report.ts";
import { inBaseUnit, vitalsBuckets } from "../app/lib/vitals/thresholds.ts";

/** Each metric's histogram: its name and what it measures. */
export const VITALS_HISTOGRAMS: Readonly<Record<VitalsMetric, { name: string; help: string }>> = {
  LCP: {
    name: "web_vitals_lcp_seconds",
    help: "Largest Contentful Paint of visitors' page views, by page, locale and device class",
  },
  INP: {
    name: "web_vitals_inp_seconds",
    help: "Interaction to Next Paint of visitors' page views, by page, locale and device class",
  },
  CLS: {
    name: "web_vitals_cls",
    help: "Cumulative Layout Shift of visitors' page views, by page, locale and device class",
  },
  FCP: {
    name: "web_vitals_fcp_seconds",
    help: "First Contentful Paint of visitors' page views, by page, locale and device class",
  },
  TTFB: {
    name: "web_vitals_ttfb_seconds",
    help: "Time to First Byte of visitors' page views, by page, locale and device class",
  },
};

export const VITALS_METRIC_NAMES = [
  ...VITALS_METRICS.map((metric) => VITALS_HISTOGRAMS[metric].name),
  "web_vitals_reports_total",
  "early_actions_replayed_total",
] as const;

type VitalsLabel = "page" | "locale" | "device";

/**
 * The field's speed figures (docs/decisions/0029): one histogram per Web Vital, counted per
 * process (Prometheus sums the instances), from reports the route has validated, so that
 * every label value is from a closed set: at most pages × 4 locales × 3 device classes
 * series per histogram, whatever clients send. Nothing of a report is kept but the counts.
 */
export class VitalsMetrics {
  readonly #histograms: Record<VitalsMetric, Histogram<VitalsLabel>>;
  readonly #reports: Counter<"navigation">;
  readonly #earlyActions: Counter<"kind">;

  constructor(registry: Registry) {
    this.#histograms = Object.fromEntries(
      VITALS_METRICS.map((metric) => [
        metric,
        new Histogram({
          ...VITALS_HISTOGRAMS[metric],
          labelNames: ["page", "locale", "device"],
          buckets: vitalsBuckets(metric),
          registers: [registry],
        }),
      ]),
    ) as Record<VitalsMetric, Histogram<VitalsLabel>>;
    this.#reports = new Counter({
      name: "web_vitals_reports_total",
      help: "Speed reports accepted (one per page view), by how the page view began",
      labelNames: ["navigation"],
      registers: [registry],
    });
    this.#earlyActions = new Counter({
      name: "early_actions_replayed_total",
      help: "Taps, typing and tab keys the capture script kept before the app started and the app carried out, from speed reports",
      labelNames: ["kind"],
      registers: [registry],
    });
    // Every navigation type and kind from the start, so a rate reads 0 rather than nothing.
    for (const navigation of NAVIGATION_TYPES) this.#reports.inc({ navigation }, 0);
    for (const kind of EARLY_ACTION_KINDS) this.#earlyActions.inc({ kind }, 0);
  }

  /** Counts a validated report. */
  record(report: VitalsReport): void {
    const labels = { page: report.page, locale: report.locale, device: report.device };
    for (const metric of VITALS_METRICS) {
      const value = report.metrics[metric];
      if (value !== undefined) this.#histograms[metric].observe(labels, inBaseUnit(metric, value));
    }
    this.#reports.inc({ navigation: report.navigation });
    for (const kind of EARLY_ACTION_KINDS) {
      const count = report.early?.[kind];
      if (count) this.#earlyActions.inc({ kind }, count);
    }
  }
}
