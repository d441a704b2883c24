import { Masthead } from "../components/landing/masthead.tsx";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/xero";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["landing", "xero"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("xero", "xero", location.pathname, loaderData?.messages);

export default function XeroLanding() {
  return <Masthead headingKey="xero.masthead.heading" subtitleKey="xero.masthead.subtitle" />;
}
