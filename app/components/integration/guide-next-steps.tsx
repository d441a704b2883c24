import { useT } from "../../hooks/use-t.ts";
import { SmartLink } from "../ui/smart-link.tsx";

/** Closing call to action of the how-we-integrate page: the step-by-step guide and the FAQs. */
export function GuideNextSteps() {
  const t = useT();
  return (
    <section className="guide-section guide-section--alt" aria-labelledby="integration-next">
      <div className="container guide-next">
        <div>
          <h2 id="integration-next">{t("integration.how.next.heading")}</h2>
          <p className="lede">{t("integration.how.next.body")}</p>
        </div>
        <div className="button-row">
          <SmartLink href="/xero-integration/step-by-step" className="button button--primary">
            {t("integration.how.next.steps")}
          </SmartLink>
          <SmartLink href="/xero-integration/faqs" className="button button--secondary">
            {t("integration.how.next.faqs")}
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
