import { useT } from "../../hooks/use-t.ts";
import { DATA_FLOW_STEPS } from "../../lib/integration/data-flow.ts";
import { FlowSvg } from "./flow-svg.tsx";
import "./integration.css";

interface DataFlowDiagramProps {
  className?: string;
}

/**
 * SPEC §2: the integration data-flow diagram (accounting system → nightly and on-demand sync
 * → actuals → automatic rules → budget-holders' budgets). An SVG image, side by side on wide
 * screens and stacked on phones, followed by a numbered list that says the same in words.
 * The page using it must load the `integration` namespace.
 */
export function DataFlowDiagram({ className }: DataFlowDiagramProps) {
  const t = useT();
  return (
    <figure className={className ? `flow-diagram ${className}` : "flow-diagram"}>
      <div className="flow-diagram__canvas">
        <FlowSvg layout="wide" />
        <FlowSvg layout="narrow" />
      </div>
      <figcaption className="flow-diagram__caption">
        <p className="flow-diagram__caption-title">{t("integration.diagram.caption")}</p>
        <ol className="flow-diagram__steps">
          {DATA_FLOW_STEPS.map((step) => (
            <li key={step}>
              <strong>{t(`integration.diagram.${step}.label`)}</strong>{" "}
              {t(`integration.diagram.${step}.text`)}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
