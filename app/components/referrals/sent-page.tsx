import { useT } from "../../hooks/use-t.ts";
import type { ReferralFormKind } from "../../lib/referrals/constants.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { SmartLink } from "../ui/smart-link.tsx";

const COPY = {
  referral: { heading: "referrals.sent.referral.heading", text: "referrals.sent.referral.text" },
  partner: { heading: "referrals.sent.partner.heading", text: "referrals.sent.partner.text" },
} as const;

/**
 * The confirmation page of a form posted without JavaScript (progressive enhancement): the
 * same message as the confirmation modal, without the names, which a static page never has.
 */
export function SentPage({ kind }: { kind: ReferralFormKind }) {
  const t = useT();
  return (
    <PageHeader heading={t(COPY[kind].heading)} intro={t(COPY[kind].text)}>
      <div className="button-row">
        <SmartLink href="/referrals" className="button button--primary">
          {t("referrals.sent.back")}
        </SmartLink>
      </div>
    </PageHeader>
  );
}
