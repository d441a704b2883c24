import {
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
} from "web-vitals";
import type { VitalsMetric } from "./report.ts";

/**
 * Each metric's "good" and "poor" limits, as `web-vitals` rates them (the library's own
 * constants, so the rating and the buckets cannot drift apart): up to the first is good, up
 * to the second needs improvement, above it is poor. Milliseconds, CLS a score.
 */
export const VITALS_THRESHOLDS: Readonly<Record<VitalsMetric, readonly [number, number]>> = {
  LCP: LCPThresholds as [number, number],
  INP: INPThresholds as [number, number],
  CLS: CLSThresholds as [number, number],
  FCP: FCPThresholds as [number, number],
  TTFB: TTFBThresholds as [number, number],
};

/** Timings are kept in seconds (Prometheus' base unit), CLS as the score it is. */
export function inBaseUnit(metric: VitalsMetric, value: number): number {
  return metric === "CLS" ? value : value / 1000;
}

/**
 * Histogram buckets in the base unit. Both thresholds are bucket bounds, so the share of
 * good, needs-improvement and poor reports is exact, not interpolated; the bounds around
 * them give the 75th percentile a resolution of about a fifth of the "good" limit. CLS
 * starts at 0, the score of a page that never moves, so that those are not read as 0.005.
 */
const BUCKETS_IN_REPORT_UNITS: Readonly<Record<VitalsMetric, readonly number[]>> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10_000, 20_000],
  INP: [25, 50, 75, 100, 150, 200, 300, 500, 1000, 2000],
  CLS: [0, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  FCP: [500, 1000, 1500, 1800, 2400, 3000, 4000, 6000, 10_000, 20_000],
  TTFB: [100, 200, 400, 600, 800, 1200, 1800, 3000, 6000, 10_000],
};

export function vitalsBuckets(metric: VitalsMetric): number[] {
  return BUCKETS_IN_REPORT_UNITS[metric].map((bound) => inBaseUnit(metric, bound));
}
