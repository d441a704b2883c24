import { useNow } from "../../hooks/use-now.ts";
import { useT } from "../../hooks/use-t.ts";
import { activeOffer } from "../../lib/offers.ts";
import { SmartLink } from "../ui/smart-link.tsx";

/** The offer ribbon (SPEC §1), linking to pricing, shown only inside its offer's window. */
export function OfferRibbon() {
  const t = useT();
  const now = useNow();
  const offer = now ? activeOffer(now) : null;
  if (!offer) return null;
  return (
    <div className="offer-ribbon">
      <p className="container offer-ribbon__inner">
        <span>{t(`common.offer.${offer.id}`)}</span>{" "}
        <SmartLink href="/pricing" className="offer-ribbon__link">
          {t("common.offer.cta")}
        </SmartLink>
      </p>
    </div>
  );
}
