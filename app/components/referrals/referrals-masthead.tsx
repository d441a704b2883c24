import { useT } from "../../hooks/use-t.ts";
import { HERO_ACTIONS_ATTRIBUTE } from "../../lib/trial-bar.ts";
import { SmartLink } from "../ui/smart-link.tsx";
import { useReferralPercents } from "./percents.tsx";

/** The page's masthead: its `h1`, the offer in three figures, and buttons that scroll down. */
export function ReferralsMasthead() {
  const t = useT();
  const percents = useReferralPercents();
  const discount = percents.friendDiscount;
  const maxReward = percents.partnerMaxReward;
  const highlights = [
    {
      id: "friend",
      value: t("referrals.masthead.highlights.friendValue", { discount }),
      text: t("referrals.masthead.highlights.friendText"),
    },
    {
      id: "referrer",
      value: t("referrals.masthead.highlights.referrerValue", { discount }),
      text: t("referrals.masthead.highlights.referrerText"),
    },
    {
      id: "partner",
      value: t("referrals.masthead.highlights.partnerValue", { maxReward }),
      text: t("referrals.masthead.highlights.partnerText"),
    },
  ];
  return (
    <section className="referrals-masthead">
      <div className="container referrals-masthead__inner">
        <div className="referrals-masthead__copy">
          <p className="eyebrow">{t("referrals.masthead.eyebrow")}</p>
          <h1>{t("referrals.masthead.heading")}</h1>
          <p className="lede">{t("referrals.masthead.intro", { maxReward })}</p>
          <div className="button-row" {...{ [HERO_ACTIONS_ATTRIBUTE]: "" }}>
            <SmartLink href="#friends" className="button button--primary button--large">
              {t("referrals.masthead.refer")}
            </SmartLink>
            <SmartLink href="#partners" className="button button--secondary button--large">
              {t("referrals.masthead.partner")}
            </SmartLink>
          </div>
        </div>
        <ul className="referrals-highlights" aria-label={t("referrals.masthead.highlights.label")}>
          {highlights.map((item) => (
            <li key={item.id} className="referrals-highlights__item" data-kind={item.id}>
              <strong className="referrals-highlights__value">{item.value}</strong>
              <span className="referrals-highlights__text">{item.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
