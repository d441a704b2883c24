import { useT } from "../../hooks/use-t.ts";
import { DataFlowDiagram } from "../integration/data-flow-diagram.tsx";

/**
 * The integration diagram on the partner landing (SPEC §2): the shared data-flow diagram of
 * the integration pages under the partner page's own heading. Needs the `integration.diagram` messages.
 */
export function PartnerDataFlow() {
  const t = useT();
  return (
    <section
      className="section partner-data-flow"
      id="how-it-works"
      aria-labelledby="how-it-works-heading"
    >
      <div className="container">
        <div className="section__head">
          <h2 id="how-it-works-heading">{t("xero.diagram.heading")}</h2>
          <p className="lede">{t("xero.diagram.intro")}</p>
        </div>
        <DataFlowDiagram />
      </div>
    </section>
  );
}
