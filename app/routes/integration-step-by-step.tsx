import { replace } from "react-router";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SmartLink } from "../components/ui/smart-link.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { SITE } from "../lib/site-config.ts";
import type { Route } from "./+types/integration-step-by-step";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["integration"]);
}

/**
 * SPEC §2: this path sends the browser to the blog article. The server answers a direct
 * request with a redirect; in-app navigation replaces the history entry instead.
 */
export function clientLoader() {
  return replace(SITE.xeroStepByStepArticle);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages(
    "integration-steps",
    "integration.steps",
    location.pathname,
    loaderData?.messages,
  );

export default function IntegrationStepByStep() {
  const t = useT();
  return (
    <PageHeader heading={t("integration.steps.heading")} intro={t("integration.steps.redirecting")}>
      <SmartLink href={SITE.xeroStepByStepArticle} className="button button--primary">
        {t("integration.steps.link")}
      </SmartLink>
    </PageHeader>
  );
}
