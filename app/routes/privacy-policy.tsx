import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/privacy-policy";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["privacy"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("privacy", "privacy", location.pathname, loaderData?.messages);

export default function PrivacyPolicy() {
  const t = useT();
  return <PageHeader heading={t("privacy.heading")} />;
}
