import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { Metrics } from "./metrics.ts";

/**
 * deploy/grafana-dashboard.json (docs/operations.md): it must parse as a dashboard, and
 * every query must name only metrics this server exports, so a renamed metric cannot leave
 * a panel silently empty.
 */
const dashboard = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "../deploy/grafana-dashboard.json"), "utf8"),
) as {
  title: string;
  uid: string;
  panels: Array<{ type: string; title: string; targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ name: string }> };
};

/** PromQL's functions, aggregations and keywords: what a query names besides metrics. */
const NOT_METRICS = new Set([
  "sum",
  "max",
  "min",
  "avg",
  "count",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "rate",
  "increase",
  "irate",
  "histogram_quantile",
  "scalar",
  "vector",
]);

/** The metric names in a PromQL expression. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, "") // strings
    .replace(/\{[^}]*\}/g, "") // label matchers
    .replace(/\[[^\]]*\]/g, "") // ranges
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ""); // grouping labels
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .filter((match) => !/^\s*\(/.test(bare.slice((match.index ?? 0) + match[0].length)))
    .map((match) => match[0])
    .filter((name) => !NOT_METRICS.has(name));
}

test("metricNames finds the metrics, not the labels, functions or variables", () => {
  expect(
    metricNames(
      'histogram_quantile(0.75, sum by (page, le) (increase(web_vitals_lcp_seconds_bucket{locale=~"$locale",le="2.5"}[$window]))) / scalar(sum(up))',
    ),
  ).toEqual(["web_vitals_lcp_seconds_bucket", "up"]);
});

test("the dashboard parses, and every query names only metrics the server exports", async () => {
  expect(dashboard.title).toMatch(/field speed and outbox/);
  expect(dashboard.uid).toBeTruthy();
  const exported = new Set<string>();
  for (const metric of await new Metrics().registry.getMetricsAsJSON()) {
    const suffixes = String(metric.type) === "histogram" ? ["_bucket", "_count", "_sum"] : [""];
    for (const suffix of suffixes) exported.add(`${metric.name}${suffix}`);
  }
  const queries = dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
  );
  expect(queries.length).toBeGreaterThan(15);
  const named = queries.flatMap(({ panel, expr }) =>
    metricNames(expr).map((name) => ({ panel, name })),
  );
  expect(named.filter(({ name }) => !exported.has(name))).toEqual([]);
  // Each Web Vital and each outbox metric is on it.
  const onDashboard = new Set(named.map(({ name }) => name.replace(/_(bucket|count|sum)$/, "")));
  for (const name of [
    "web_vitals_lcp_seconds",
    "web_vitals_inp_seconds",
    "web_vitals_cls",
    "web_vitals_fcp_seconds",
    "web_vitals_ttfb_seconds",
    "web_vitals_reports_total",
    "early_actions_replayed_total",
    "outbox_emails",
    "outbox_oldest_pending_age_seconds",
    "outbox_stats_up",
    "outbox_emails_sent_total",
    "outbox_smtp_errors_total",
    "outbox_dead_letters_total",
  ]) {
    expect(onDashboard.has(name), name).toBe(true);
  }
  // Every variable a query uses is defined.
  const variables = new Set(dashboard.templating.list.map((variable) => variable.name));
  const used = queries.flatMap(({ expr }) =>
    [...expr.matchAll(/\$(?!__)(\w+)/g)].map((match) => match[1]),
  );
  expect(used.filter((name) => !variables.has(name ?? ""))).toEqual([]);
});
