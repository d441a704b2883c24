import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/features";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["features", "landing"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("features", "features", location.pathname, loaderData?.messages);

export default function Features() {
  const t = useT();
  return (
    <PageHeader
      eyebrow={t("features.heading")}
      heading={t("features.highlight")}
      intro={t("features.intro")}
    />
  );
}
