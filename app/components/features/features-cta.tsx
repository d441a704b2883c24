import { useT } from "../../hooks/use-t.ts";
import { CALLS_TO_ACTION } from "../../lib/navigation.ts";
import { SmartLink } from "../ui/smart-link.tsx";

/** The features page's call to action (SPEC §2): register and book-a-call buttons. */
export function FeaturesCta() {
  const t = useT();
  return (
    <section className="features-cta" aria-labelledby="features-cta-heading">
      <div className="container">
        <div className="features-cta__card">
          <div>
            <h2 id="features-cta-heading">{t("features.cta.heading")}</h2>
            <p>{t("features.cta.body")}</p>
          </div>
          <div className="button-row">
            <SmartLink
              href={CALLS_TO_ACTION.tryNow}
              className="button button--primary button--large"
              trackingId="register"
              trackingSection="features-cta"
            >
              {t("features.cta.register")}
            </SmartLink>
            <SmartLink
              href={CALLS_TO_ACTION.bookDemo}
              className="button button--on-dark button--large"
              trackingId="book-demo"
              trackingSection="features-cta"
            >
              {t("features.cta.bookCall")}
            </SmartLink>
          </div>
        </div>
      </div>
    </section>
  );
}
