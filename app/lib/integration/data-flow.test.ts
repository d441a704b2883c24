import { expect, test } from "vitest";
import { DATA_FLOW_STEPS, LAYOUTS, nodeLines, nodeOrigin } from "./data-flow.ts";

test("follows the spec's order from accounting system to budgets", () => {
  expect(DATA_FLOW_STEPS).toEqual(["source", "sync", "actuals", "rules", "budgets"]);
});

test.each(["wide", "narrow"] as const)(
  "the %s layout fits every node inside the view box",
  (layout) => {
    const g = LAYOUTS[layout];
    const last = nodeOrigin(layout, DATA_FLOW_STEPS.length - 1);
    expect(last.x + g.nodeWidth).toBe(g.width);
    expect(last.y + g.nodeHeight).toBe(g.height);
    expect(nodeOrigin(layout, 0)).toEqual({ x: 0, y: 0 });
  },
);

test("never drops words from long translations", () => {
  const detail = "Jede und jeder Budgetverantwortliche sieht die Ausgaben im Vergleich zum Plan";
  const lines = nodeLines("wide", "Budgets", detail);
  expect(lines.detail).toHaveLength(3);
  expect(lines.detail.join(" ")).toBe(detail);
});
