import { FriendsSection } from "../components/referrals/friends-section.tsx";
import { PartnersSection } from "../components/referrals/partners-section.tsx";
import { ReferralPercentsContext } from "../components/referrals/percents.tsx";
import { ReferralModals } from "../components/referrals/referral-modals-after-start.tsx";
import { ReferralsMasthead } from "../components/referrals/referrals-masthead.tsx";
import { useReferralForms } from "../components/referrals/use-referral-forms.ts";
import { FORM_SOURCES } from "../lib/i18n/namespaces.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { FRIEND_DISCOUNT_PERCENT, PARTNER_MAX_REWARD_PERCENT } from "../lib/referrals/constants.ts";
import { formatPercent } from "../lib/referrals/format.ts";
import type { Route } from "./+types/referrals";
import "../components/referrals/referrals.css";

export function loader({ request }: Route.LoaderArgs) {
  const locale = LOCALE_TAGS[localeFromRequest(request)];
  return {
    ...pageMessages(request, ["referrals", ...FORM_SOURCES]),
    percents: {
      friendDiscount: formatPercent(locale, FRIEND_DISCOUNT_PERCENT),
      partnerMaxReward: formatPercent(locale, PARTNER_MAX_REWARD_PERCENT),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("referrals", "referrals", location.pathname, loaderData?.messages);

/** SPEC §2 referrals page: masthead, friends and partners blocks, and their modals. */
export default function Referrals({ loaderData }: Route.ComponentProps) {
  const forms = useReferralForms();
  return (
    <ReferralPercentsContext value={loaderData.percents}>
      <ReferralsMasthead />
      <FriendsSection onOpenForm={forms.open} />
      <PartnersSection onOpenForm={forms.open} />
      <ReferralModals forms={forms} />
    </ReferralPercentsContext>
  );
}
