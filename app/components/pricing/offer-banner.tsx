import { useT } from "../../hooks/use-t.ts";
import type { Offer } from "../../lib/site-config.ts";

/** The pricing page's offer banner, shown while an offer runs (SPEC §2, §4). */
export function OfferBanner({ offer }: { offer: Offer }) {
  const t = useT();
  return (
    <section className="offer-banner" aria-labelledby="offer-banner-title">
      <div className="container offer-banner__inner">
        <p className="offer-banner__label">{t("pricing.offer.label")}</p>
        <h2 className="offer-banner__title" id="offer-banner-title">
          {t(`pricing.offer.${offer.id}.title`)}
        </h2>
        <p className="offer-banner__text">{t(`pricing.offer.${offer.id}.text`)}</p>
      </div>
    </section>
  );
}
