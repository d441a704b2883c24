import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/referrals";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["referrals"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("referrals", "referrals", location.pathname, loaderData?.messages);

export default function Referrals() {
  const t = useT();
  return <PageHeader heading={t("referrals.heading")} intro={t("referrals.intro")} />;
}
