import { Registry } from "prom-client";
import { describe, expect, test } from "vitest";
import type { VitalsReport } from "../app/lib/vitals/report.ts";
import { VitalsMetrics } from "../server/vitals-metrics.ts";
import {
  histogramQuantile,
  parseArgs,
  parseMetrics,
  UsageError,
  vitalsRows,
  vitalsTable,
} from "./vitals-lib.ts";

/** One instance's `/metrics` after counting `reports`. */
async function scrape(reports: readonly VitalsReport[]): Promise<string> {
  const registry = new Registry();
  const vitals = new VitalsMetrics(registry);
  for (const report of reports) vitals.record(report);
  return registry.metrics();
}

const report = (
  page: VitalsReport["page"],
  metrics: VitalsReport["metrics"],
  extra: Partial<VitalsReport> = {},
): VitalsReport => ({
  page,
  locale: "en",
  device: "phone",
  navigation: "navigate",
  metrics,
  ...extra,
});

describe("parseMetrics", () => {
  test("reads samples, labels with escapes, +Inf and timestamps; skips comments", () => {
    expect(
      parseMetrics(
        [
          "# HELP x_total A counter",
          "# TYPE x_total counter",
          'x_total{kind="tap",note="a \\"quoted\\" \\\\ back\\nslash"} 3',
          'h_bucket{le="+Inf",page="home"} 7 1700000000000',
          "up 1",
          "",
        ].join("\n"),
      ),
    ).toEqual([
      { name: "x_total", labels: { kind: "tap", note: 'a "quoted" \\ back\nslash' }, value: 3 },
      { name: "h_bucket", labels: { le: "+Inf", page: "home" }, value: 7 },
      { name: "up", labels: {}, value: 1 },
    ]);
  });

  test("refuses a line that is not a sample", () => {
    expect(() => parseMetrics("<html>")).toThrow(/not a Prometheus sample/);
  });
});

describe("histogramQuantile, as Prometheus computes it", () => {
  const buckets: Array<[number, number]> = [
    [1, 10],
    [2, 30],
    [4, 40],
    [Infinity, 40],
  ];
  test.each([
    [0.25, 1], // rank 10: the end of the first bucket
    [0.5, 1.5], // rank 20: half-way through (1, 2]
    [0.75, 2], // rank 30
    [0.9, 3.2], // rank 36: 6 of the 10 in (2, 4], 0.6 of its width
  ])("q %f is %f", (q, expected) => {
    expect(histogramQuantile(q, buckets)).toBeCloseTo(expected, 10);
  });
  test("the first bucket is interpolated from 0, a zero bound stays zero", () => {
    expect(
      histogramQuantile(0.5, [
        [2, 4],
        [Infinity, 4],
      ]),
    ).toBe(1);
    expect(
      histogramQuantile(0.75, [
        [0, 8],
        [0.1, 9],
        [Infinity, 10],
      ]),
    ).toBe(0);
  });
  test("a rank in the +Inf bucket reads as the highest finite bound; no reports is NaN", () => {
    expect(
      histogramQuantile(0.75, [
        [1, 1],
        [Infinity, 10],
      ]),
    ).toBe(1);
    expect(
      histogramQuantile(0.75, [
        [1, 0],
        [Infinity, 0],
      ]),
    ).toBeNaN();
  });
});

describe("vitalsRows", () => {
  test("p75 and the shares per page and metric, the instances summed", async () => {
    const first = await scrape([
      report("pricing", { LCP: 1000, INP: 100, CLS: 0 }),
      report("pricing", { LCP: 2200, CLS: 0.3 }, { locale: "de", device: "desktop" }),
      report("home", { TTFB: 900 }),
    ]);
    const second = await scrape([
      report("pricing", { LCP: 3500, INP: 600 }),
      report("pricing", { LCP: 5000, CLS: 0.05 }),
    ]);
    const rows = vitalsRows([...parseMetrics(first), ...parseMetrics(second)]);
    const row = (page: string, metric: string) =>
      rows.find((one) => one.page === page && one.metric === metric);
    // LCP 1.0, 2.2, 3.5 and 5.0 s: two good, one needs improvement, one poor; the 75th
    // percentile (rank 3) is the end of the (3, 4] bucket's only report.
    expect(row("pricing", "LCP")).toMatchObject({
      reports: 4,
      good: 0.5,
      needsImprovement: 0.25,
      poor: 0.25,
    });
    expect(row("pricing", "LCP")?.p75).toBeCloseTo(4000, 6);
    expect(row("pricing", "INP")).toMatchObject({ reports: 2, good: 0.5, poor: 0.5 });
    // CLS 0, 0.05, 0.3: p75 at rank 2.25 of the (0.25, 0.5] bucket.
    expect(row("pricing", "CLS")?.reports).toBe(3);
    expect(row("pricing", "CLS")?.poor).toBeCloseTo(1 / 3, 10);
    expect(row("pricing", "CLS")?.p75).toBeCloseTo(0.25 + 0.25 * 0.25, 6);
    expect(row("home", "TTFB")).toMatchObject({ reports: 1, needsImprovement: 1 });
    expect(row("home", "LCP")).toBeUndefined();
    expect(rows.map((one) => `${one.page} ${one.metric}`)).toEqual([
      "home TTFB",
      "pricing LCP",
      "pricing INP",
      "pricing CLS",
    ]);
  });

  test("narrowed to a locale or a device class", async () => {
    const samples = parseMetrics(
      await scrape([
        report("faqs", { LCP: 1000 }),
        report("faqs", { LCP: 5000 }, { locale: "fr", device: "tablet" }),
      ]),
    );
    expect(vitalsRows(samples, { locale: "fr" })).toMatchObject([{ reports: 1, poor: 1 }]);
    expect(vitalsRows(samples, { device: "phone" })).toMatchObject([{ reports: 1, good: 1 }]);
    expect(vitalsRows(samples, { device: "desktop" })).toEqual([]);
  });

  test("the table names each metric's thresholds; an empty scrape says so", async () => {
    const table = vitalsTable(
      vitalsRows(parseMetrics(await scrape([report("faq", { INP: 80, CLS: 0.12 })]))),
    );
    expect(table).toMatch(/^page\s+metric\s+reports\s+p75\s+good\s+needs impr\.\s+poor$/m);
    // 80 ms lies in the (75, 100] bucket: a lone report reads three quarters into it.
    expect(table).toMatch(/^faq\s+INP\s+1\s+94 ms\s+100 %\s+0 %\s+0 %$/m);
    expect(table).toMatch(/^faq\s+CLS\s+1\s+0\.1\d\d\s+0 %\s+100 %\s+0 %$/m);
    expect(table).toContain("INP good ≤ 200 ms, poor > 500 ms");
    expect(vitalsTable([])).toBe("No speed reports yet.\n");
  });
});

describe("parseArgs", () => {
  test("URLs and filters", () => {
    expect(
      parseArgs(["http://10.0.0.1:9464/metrics", "--locale=de", "http://10.0.0.2:9464/metrics"]),
    ).toEqual({
      urls: ["http://10.0.0.1:9464/metrics", "http://10.0.0.2:9464/metrics"],
      filter: { locale: "de" },
    });
  });
  test.each([[[]], [["--locale=it", "http://x/metrics"]], [["--device=tv"]], [["metrics"]]])(
    "refuses %j with a usage message",
    (argv) => {
      expect(() => parseArgs(argv)).toThrow(UsageError);
    },
  );
});
