import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["terms"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("terms", "terms", location.pathname, loaderData?.messages);

export default function Terms() {
  const t = useT();
  return <PageHeader heading={t("terms.heading")} />;
}
