import { useT } from "../../hooks/use-t.ts";
import type { ReferralFormKind } from "../../lib/referrals/constants.ts";
import { BookDemoLink } from "../ui/calls-to-action.tsx";
import { FeatureBlock } from "./feature-block.tsx";
import { OpenFormButton } from "./open-form-button.tsx";
import { useReferralPercents } from "./percents.tsx";

/** The partners block: up to 50%, the join-partner modal and a secondary book-demo link. */
export function PartnersSection({
  onOpenForm,
}: {
  onOpenForm: (kind: ReferralFormKind, trigger: HTMLElement) => void;
}) {
  const t = useT();
  const percents = useReferralPercents();
  const maxReward = percents.partnerMaxReward;
  return (
    <FeatureBlock
      id="partners"
      isReversed
      eyebrow={t("referrals.partners.eyebrow")}
      title={t("referrals.partners.title")}
      paragraphs={[t("referrals.partners.body1"), t("referrals.partners.body2", { maxReward })]}
      benefitsLabel={t("referrals.partners.benefitsLabel")}
      benefits={[
        t("referrals.partners.benefit1", { maxReward }),
        t("referrals.partners.benefit2"),
        t("referrals.partners.benefit3"),
      ]}
      image={{
        src: "/images/referrals/partners.svg",
        alt: t("referrals.partners.imageAlt", { maxReward }),
        width: 560,
        height: 440,
      }}
    >
      <OpenFormButton
        kind="partner"
        onOpen={onOpenForm}
        className="button button--primary button--large"
      >
        {t("referrals.partners.cta")}
      </OpenFormButton>
      <BookDemoLink
        section="referrals-partners"
        className="button button--secondary button--large"
      />
    </FeatureBlock>
  );
}
