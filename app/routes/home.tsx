import { Masthead } from "../components/landing/masthead.tsx";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["landing"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("home", "landing", location.pathname, loaderData?.messages);

export default function Home() {
  return <Masthead headingKey="landing.masthead.heading" subtitleKey="landing.masthead.subtitle" />;
}
