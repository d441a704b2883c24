import { useId } from "react";
import { useT } from "../../hooks/use-t.ts";
import { withoutSoftHyphens } from "../../lib/i18n/translator.ts";
import {
  DATA_FLOW_STEPS,
  type DataFlowLayout,
  type DataFlowStep,
  LAYOUTS,
  nodeLines,
  nodeOrigin,
} from "../../lib/integration/data-flow.ts";
import { FlowIcon } from "./flow-icon.tsx";

const LABEL_LINE = 21;
const DETAIL_LINE = 19;

interface FlowSvgProps {
  layout: DataFlowLayout;
}

/**
 * One layout of the data-flow diagram as an inline SVG image: `role="img"` named by its
 * `<title>` and described by its `<desc>`, which say what the picture shows.
 */
export function FlowSvg({ layout }: FlowSvgProps) {
  const t = useT();
  const id = useId();
  const g = LAYOUTS[layout];
  return (
    <svg
      className={`flow-diagram__svg flow-diagram__svg--${layout}`}
      viewBox={`-2 -2 ${g.width + 4} ${g.height + 4}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <title id={`${id}-title`}>{t("integration.diagram.title")}</title>
      <desc id={`${id}-desc`}>{t("integration.diagram.description")}</desc>
      {DATA_FLOW_STEPS.map((step, index) => (
        <FlowNode key={step} layout={layout} step={step} index={index} />
      ))}
      {DATA_FLOW_STEPS.slice(1).map((step, index) => (
        <FlowArrow key={step} layout={layout} index={index} />
      ))}
    </svg>
  );
}

function FlowNode({
  layout,
  step,
  index,
}: {
  layout: DataFlowLayout;
  step: DataFlowStep;
  index: number;
}) {
  const t = useT();
  const g = LAYOUTS[layout];
  const { x, y } = nodeOrigin(layout, index);
  const lines = nodeLines(
    layout,
    // SVG text does not break lines, so a catalogue's soft hyphens would only count as width.
    withoutSoftHyphens(t(`integration.diagram.${step}.label`)),
    withoutSoftHyphens(t(`integration.diagram.${step}.detail`)),
  );
  const isDestination = step === "budgets";
  const textHeight = lines.label.length * LABEL_LINE + 6 + lines.detail.length * DETAIL_LINE;
  const icon =
    layout === "wide"
      ? { cx: x + g.nodeWidth / 2, cy: y + 54 }
      : { cx: x + 48, cy: y + g.nodeHeight / 2 };
  const text =
    layout === "wide"
      ? {
          x: x + g.nodeWidth / 2,
          y: y + 116,
          anchor: "middle" as const,
        }
      : { x: x + 92, y: y + (g.nodeHeight - textHeight) / 2 + 15, anchor: "start" as const };
  const detailTop = text.y + lines.label.length * LABEL_LINE + 4;
  return (
    <g className={`flow-diagram__node${isDestination ? " flow-diagram__node--destination" : ""}`}>
      <rect x={x} y={y} width={g.nodeWidth} height={g.nodeHeight} rx={16} />
      <FlowIcon step={step} cx={icon.cx} cy={icon.cy} />
      <text className="flow-diagram__label" x={text.x} y={text.y} textAnchor={text.anchor}>
        {lines.label.map((line, i) => (
          <tspan key={line} x={text.x} y={text.y + i * LABEL_LINE}>
            {line}
          </tspan>
        ))}
      </text>
      <text className="flow-diagram__detail" x={text.x} y={detailTop} textAnchor={text.anchor}>
        {lines.detail.map((line, i) => (
          <tspan key={line} x={text.x} y={detailTop + i * DETAIL_LINE}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/** The arrow between node `index` and the next one. */
function FlowArrow({ layout, index }: { layout: DataFlowLayout; index: number }) {
  const g = LAYOUTS[layout];
  const { x, y } = nodeOrigin(layout, index);
  const d =
    layout === "wide"
      ? arrowPath(x + g.nodeWidth + 8, y + g.nodeHeight / 2, x + g.nodeWidth + g.gap - 8, "x")
      : arrowPath(x + 48, y + g.nodeHeight + 6, y + g.nodeHeight + g.gap - 6, "y");
  return <path className="flow-diagram__arrow" d={d} />;
}

/** A shaft plus an open arrowhead, drawn as one path (no `<marker>`, whose ids would clash). */
function arrowPath(fromX: number, fromY: number, to: number, axis: "x" | "y"): string {
  const head = 7;
  return axis === "x"
    ? `M${fromX} ${fromY}H${to} M${to - head} ${fromY - head}L${to} ${fromY}L${to - head} ${fromY + head}`
    : `M${fromX} ${fromY}V${to} M${fromX - head} ${to - head}L${fromX} ${to}L${fromX + head} ${to - head}`;
}
