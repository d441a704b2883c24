import type { DataFlowStep } from "../../lib/integration/data-flow.ts";

/** 24 × 24 stroke icons for the data-flow nodes; decorative, the labels carry the meaning. */
const ICON_PATHS: Record<DataFlowStep, string> = {
  source:
    "M6 3.5h10.5a2.5 2.5 0 0 1 2.5 2.5v14.5H8.5A2.5 2.5 0 0 1 6 18V3.5z M9.5 8h6 M9.5 11.5h6 M9.5 15h3.5",
  sync: "M19.5 10.5A7.5 7.5 0 0 0 6.2 6.8L4.5 8.5 M4.5 4.5v4h4 M4.5 13.5a7.5 7.5 0 0 0 13.3 3.7l1.7-1.7 M19.5 19.5v-4h-4",
  actuals: "M4 20h16 M7.5 16.5v-5 M12 16.5V6.5 M16.5 16.5v-8",
  rules: "M4 5h16l-6 7.5v5.5l-4 2v-7.5L4 5z",
  budgets: "M20.5 12A8.5 8.5 0 1 1 12 3.5V12h8.5z M15 3.8A8.5 8.5 0 0 1 20.2 9H15V3.8z",
};

interface FlowIconProps {
  step: DataFlowStep;
  /** Centre of the icon in the parent SVG's user units. */
  cx: number;
  cy: number;
}

/** The round icon badge of one node of the data-flow diagram. */
export function FlowIcon({ step, cx, cy }: FlowIconProps) {
  return (
    <g className="flow-diagram__icon">
      <circle cx={cx} cy={cy} r={28} />
      <path d={ICON_PATHS[step]} transform={`translate(${cx - 15} ${cy - 15}) scale(1.25)`} />
    </g>
  );
}
