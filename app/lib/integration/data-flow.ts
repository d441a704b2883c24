import { wrapLabel } from "./wrap-label.ts";

/**
 * SPEC §1, §2: the integration data flow, in order: accounting system → nightly and
 * on-demand sync → actuals → automatic rules → budget-holders' budgets.
 */
export const DATA_FLOW_STEPS = ["source", "sync", "actuals", "rules", "budgets"] as const;
export type DataFlowStep = (typeof DATA_FLOW_STEPS)[number];

export type DataFlowLayout = "wide" | "narrow";

/** Geometry of one diagram layout, in SVG user units. */
export interface LayoutGeometry {
  width: number;
  height: number;
  nodeWidth: number;
  nodeHeight: number;
  /** Space between two nodes, where the arrow is drawn. */
  gap: number;
  /** Characters per line of the label and of the detail text. */
  labelChars: number;
  detailChars: number;
}

const NODE_COUNT = DATA_FLOW_STEPS.length;

/** Wide: nodes side by side (tablets and up). Narrow: nodes stacked (phones). */
export const LAYOUTS: Record<DataFlowLayout, LayoutGeometry> = {
  wide: {
    nodeWidth: 184,
    nodeHeight: 224,
    gap: 50,
    width: NODE_COUNT * 184 + (NODE_COUNT - 1) * 50,
    height: 224,
    labelChars: 18,
    detailChars: 21,
  },
  narrow: {
    nodeWidth: 340,
    nodeHeight: 104,
    gap: 36,
    width: 340,
    height: NODE_COUNT * 104 + (NODE_COUNT - 1) * 36,
    labelChars: 24,
    detailChars: 30,
  },
};

/** Top-left corner of the node at `index` (0-based) in a layout. */
export function nodeOrigin(layout: DataFlowLayout, index: number): { x: number; y: number } {
  const g = LAYOUTS[layout];
  return layout === "wide"
    ? { x: index * (g.nodeWidth + g.gap), y: 0 }
    : { x: 0, y: index * (g.nodeHeight + g.gap) };
}

/** A node's label and detail broken into lines that fit its box. */
export function nodeLines(
  layout: DataFlowLayout,
  label: string,
  detail: string,
): { label: string[]; detail: string[] } {
  const g = LAYOUTS[layout];
  return { label: wrapLabel(label, g.labelChars, 2), detail: wrapLabel(detail, g.detailChars, 3) };
}
