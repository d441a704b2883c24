import { DataFlowDiagram } from "../components/integration/data-flow-diagram.tsx";
import { GuideNextSteps } from "../components/integration/guide-next-steps.tsx";
import { IntegrationDetails } from "../components/integration/integration-details.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/integration-how";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["integration"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("integration-how", "integration.how", location.pathname, loaderData?.messages);

/**
 * SPEC §2: the data-flow diagram page. The diagram itself follows the heading, so the page
 * has no Xero-connection panel: the same five steps twice in one screen read as filler.
 */
export default function IntegrationHow() {
  const t = useT();
  return (
    <>
      <PageHeader
        eyebrow={t("integration.heading")}
        heading={t("integration.how.heading")}
        intro={t("integration.how.intro")}
      />
      <section className="guide-section" aria-labelledby="integration-diagram">
        <div className="container">
          <h2 id="integration-diagram">{t("integration.how.diagramHeading")}</h2>
          <DataFlowDiagram />
        </div>
      </section>
      <IntegrationDetails />
      <GuideNextSteps current="how" />
    </>
  );
}
