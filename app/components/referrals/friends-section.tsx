import { useT } from "../../hooks/use-t.ts";
import type { ReferralFormKind } from "../../lib/referrals/constants.ts";
import { FeatureBlock } from "./feature-block.tsx";
import { OpenFormButton } from "./open-form-button.tsx";
import { useReferralPercents } from "./percents.tsx";

/** The friends block: the 10% offer, and the button that opens the refer-a-friend modal. */
export function FriendsSection({
  onOpenForm,
}: {
  onOpenForm: (kind: ReferralFormKind, trigger: HTMLElement) => void;
}) {
  const t = useT();
  const percents = useReferralPercents();
  const discount = percents.friendDiscount;
  return (
    <FeatureBlock
      id="friends"
      eyebrow={t("referrals.friends.eyebrow")}
      title={t("referrals.friends.title")}
      paragraphs={[t("referrals.friends.body1", { discount }), t("referrals.friends.body2")]}
      benefitsLabel={t("referrals.friends.benefitsLabel")}
      benefits={[
        t("referrals.friends.benefit1", { discount }),
        t("referrals.friends.benefit2"),
        t("referrals.friends.benefit3"),
      ]}
      image={{
        src: "/images/referrals/friends.svg",
        alt: t("referrals.friends.imageAlt", { discount }),
        width: 560,
        height: 440,
      }}
    >
      <OpenFormButton
        kind="referral"
        onOpen={onOpenForm}
        className="button button--primary button--large"
      >
        {t("referrals.friends.cta")}
      </OpenFormButton>
    </FeatureBlock>
  );
}
