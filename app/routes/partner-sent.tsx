import { SentPage } from "../components/referrals/sent-page.tsx";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/partner-sent";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["referrals"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages(
    "partner-sent",
    "referrals.sent.partner",
    location.pathname,
    loaderData?.messages,
  );

/** Landing page of a partner form posted without JavaScript. */
export default function PartnerSent() {
  return <SentPage kind="partner" />;
}
