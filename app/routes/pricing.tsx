import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/pricing";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["pricing"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("pricing", "pricing", location.pathname, loaderData?.messages);

export default function Pricing() {
  const t = useT();
  return <PageHeader heading={t("pricing.heading")} intro={t("pricing.intro")} />;
}
