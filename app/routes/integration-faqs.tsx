import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/integration-faqs";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["integration"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("integration-faqs", "integration.faqs", location.pathname, loaderData?.messages);

export default function IntegrationFaqs() {
  const t = useT();
  return <PageHeader heading={t("integration.faqs.heading")} />;
}
