/**
 * The pure part of `npm run vitals` (scripts/vitals.ts): reads Prometheus' text format, sums
 * the instances, and gives each page's 75th percentile and share of good and poor reports
 * per metric, as docs/operations.md's PromQL does, for an operator without Grafana.
 */

import { LOCALES, type Locale } from "../app/lib/locale.ts";
import {
  DEVICE_CLASSES,
  type DeviceClass,
  VITALS_METRICS,
  type VitalsMetric,
} from "../app/lib/vitals/report.ts";
import { inBaseUnit, VITALS_THRESHOLDS } from "../app/lib/vitals/thresholds.ts";
import { VITALS_HISTOGRAMS } from "../server/vitals-metrics.ts";

/** One sample line: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

/** The samples of Prometheus' text exposition format (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const match = SAMPLE.exec(trimmed);
    if (!match) throw new Error(`not a Prometheus sample: ${trimmed.slice(0, 80)}`);
    const [, name = "", labelText = "", value = ""] = match;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    for (let label = LABEL.exec(labelText); label; label = LABEL.exec(labelText)) {
      labels[label[1] ?? ""] = (label[2] ?? "").replace(/\\(.)/g, (_, char: string) =>
        char === "n" ? "\n" : char,
      );
    }
    samples.push({ name, labels, value: value === "+Inf" ? Infinity : Number(value) });
  }
  return samples;
}

/** Which reports a table covers: every locale and device class unless narrowed. */
export interface VitalsFilter {
  locale?: Locale;
  device?: DeviceClass;
}

export interface VitalsRow {
  page: string;
  metric: VitalsMetric;
  reports: number;
  /** In the report's unit: milliseconds, CLS a score; null without reports. */
  p75: number | null;
  /** Shares from 0 to 1. */
  good: number;
  needsImprovement: number;
  poor: number;
}

/**
 * Prometheus' `histogram_quantile`: the bucket the rank falls in, interpolated linearly
 * within it (from 0 below the first bucket); a rank in the +Inf bucket reads as the
 * highest finite bound. `buckets` are cumulative counts by upper bound, sorted.
 */
export function histogramQuantile(q: number, buckets: ReadonlyArray<[number, number]>): number {
  const total = buckets[buckets.length - 1]?.[1] ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (bound === Infinity) return lower;
      if (bound <= 0) return bound;
      return lower + ((bound - lower) * (rank - below)) / (count - below || 1);
    }
    lower = bound;
    below = count;
  }
  return lower;
}

/**
 * Each page's row per metric, the samples of every instance summed (several scrapes may be
 * passed together), sorted by page then metric.
 */
export function vitalsRows(samples: readonly Sample[], filter: VitalsFilter = {}): VitalsRow[] {
  const rows: VitalsRow[] = [];
  for (const metric of VITALS_METRICS) {
    const bucketName = `${VITALS_HISTOGRAMS[metric].name}_bucket`;
    const byPage = new Map<string, Map<number, number>>();
    for (const sample of samples) {
      if (sample.name !== bucketName) continue;
      const { page = "", locale, device, le = "" } = sample.labels;
      if (filter.locale && locale !== filter.locale) continue;
      if (filter.device && device !== filter.device) continue;
      const bound = le === "+Inf" ? Infinity : Number(le);
      const buckets = byPage.get(page) ?? new Map<number, number>();
      buckets.set(bound, (buckets.get(bound) ?? 0) + sample.value);
      byPage.set(page, buckets);
    }
    for (const [page, counts] of byPage) {
      const buckets = [...counts].sort(([a], [b]) => a - b);
      const reports = counts.get(Infinity) ?? 0;
      if (reports === 0) continue;
      const [goodBound, poorBound] = VITALS_THRESHOLDS[metric].map((limit) =>
        inBaseUnit(metric, limit),
      ) as [number, number];
      const atMost = (bound: number) => counts.get(bound) ?? 0;
      const p75 = histogramQuantile(0.75, buckets);
      rows.push({
        page,
        metric,
        reports,
        p75: metric === "CLS" ? p75 : p75 * 1000,
        good: atMost(goodBound) / reports,
        needsImprovement: (atMost(poorBound) - atMost(goodBound)) / reports,
        poor: 1 - atMost(poorBound) / reports,
      });
    }
  }
  return rows.sort(
    (a, b) =>
      a.page.localeCompare(b.page) ||
      VITALS_METRICS.indexOf(a.metric) - VITALS_METRICS.indexOf(b.metric),
  );
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The rows as a plain-text table, with each metric's thresholds under it. */
export function vitalsTable(rows: readonly VitalsRow[]): string {
  if (rows.length === 0) return "No speed reports yet.\n";
  const header = ["page", "metric", "reports", "p75", "good", "needs impr.", "poor"];
  const cells = [
    header,
    ...rows.map((row) => [
      row.page,
      row.metric,
      String(row.reports),
      row.p75 === null
        ? "–"
        : row.metric === "CLS"
          ? row.p75.toFixed(3)
          : `${Math.round(row.p75)} ms`,
      percent(row.good),
      percent(row.needsImprovement),
      percent(row.poor),
    ]),
  ];
  const widths = header.map((_, index) =>
    Math.max(...cells.map((line) => (line[index] ?? "").length)),
  );
  const numeric = (index: number) => index >= 2;
  const render = (line: string[]) =>
    line
      .map((value, index) =>
        numeric(index) ? value.padStart(widths[index] ?? 0) : value.padEnd(widths[index] ?? 0),
      )
      .join("  ")
      .trimEnd();
  const [first = [], ...body] = cells;
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const legend = VITALS_METRICS.map((metric) => {
    const [good, poor] = VITALS_THRESHOLDS[metric];
    const unit = metric === "CLS" ? "" : " ms";
    return `${metric} good ≤ ${good}${unit}, poor > ${poor}${unit}`;
  }).join("; ");
  return `${[render(first), rule, ...body.map(render)].join("\n")}\n${legend}\n`;
}

export class UsageError extends Error {}

/** `URL [URL…] [--locale=de] [--device=phone]`: each URL one instance's /metrics. */
export function parseArgs(argv: readonly string[]): { urls: string[]; filter: VitalsFilter } {
  const urls: string[] = [];
  const filter: VitalsFilter = {};
  for (const arg of argv) {
    if (arg.startsWith("--locale=")) {
      const locale = arg.slice("--locale=".length);
      if (!(LOCALES as readonly string[]).includes(locale)) {
        throw new UsageError(`--locale must be one of ${LOCALES.join(", ")}`);
      }
      filter.locale = locale as Locale;
    } else if (arg.startsWith("--device=")) {
      const device = arg.slice("--device=".length);
      if (!(DEVICE_CLASSES as readonly string[]).includes(device)) {
        throw new UsageError(`--device must be one of ${DEVICE_CLASSES.join(", ")}`);
      }
      filter.device = device as DeviceClass;
    } else if (/^https?:\/\//.test(arg)) {
      urls.push(arg);
    } else {
      throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (urls.length === 0) {
    throw new UsageError(
      "usage: npm run vitals -- http://127.0.0.1:9464/metrics [more instances' URLs] [--locale=de] [--device=phone]",
    );
  }
  return { urls, filter };
}
