import { GuideContents } from "../components/integration/guide-contents.tsx";
import { GuideNextSteps } from "../components/integration/guide-next-steps.tsx";
import { XeroConnectionPanel } from "../components/integration/xero-connection-panel.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/integration";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["integration"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("integration", "integration", location.pathname, loaderData?.messages);

/**
 * SPEC §2: the integration guide's table of contents. The data flow shows here once, as the
 * compact panel of the first screen; the whole diagram is the guide's own page, which the
 * panel and the contents link to.
 */
export default function Integration() {
  const t = useT();
  return (
    <>
      <PageHeader heading={t("integration.heading")} intro={t("integration.intro")}>
        <XeroConnectionPanel moreHref="/xero-integration/how-we-integrate" />
      </PageHeader>
      <GuideContents />
      <GuideNextSteps current="contents" />
    </>
  );
}
