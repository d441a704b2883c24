import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/faqs";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["faqs"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("faqs", "faqs", location.pathname, loaderData?.messages);

export default function Faqs() {
  const t = useT();
  return <PageHeader heading={t("faqs.heading")} intro={t("faqs.intro")} />;
}
