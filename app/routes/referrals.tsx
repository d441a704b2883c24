import { FriendsSection } from "../components/referrals/friends-section.tsx";
import { PartnersSection } from "../components/referrals/partners-section.tsx";
import { ReferralModals } from "../components/referrals/referral-modals.tsx";
import { ReferralsMasthead } from "../components/referrals/referrals-masthead.tsx";
import { useReferralForms } from "../components/referrals/use-referral-forms.ts";
import { FORM_SOURCES } from "../lib/i18n/namespaces.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/referrals";
import "../components/referrals/referrals.css";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["referrals", ...FORM_SOURCES]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("referrals", "referrals", location.pathname, loaderData?.messages);

/** SPEC §2 referrals page: masthead, friends and partners blocks, and their modals. */
export default function Referrals() {
  const forms = useReferralForms();
  return (
    <>
      <ReferralsMasthead />
      <FriendsSection onOpenForm={forms.open} />
      <PartnersSection onOpenForm={forms.open} />
      <ReferralModals forms={forms} />
    </>
  );
}
