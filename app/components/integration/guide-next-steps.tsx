import { useT } from "../../hooks/use-t.ts";
import { SmartLink } from "../ui/smart-link.tsx";
import "./guide.css";

/** The pages of the integration guide a visitor can end on. */
export type GuidePage = "contents" | "how" | "faqs";

/**
 * The closing call to action of every integration guide page: the step-by-step guide first,
 * then the one other guide page the visitor is not on, so a page never ends by pointing
 * back at itself. No trial button: the trial bar keeps its place right after this section
 * on the guide's pages and offers the trial there.
 */
export function GuideNextSteps({ current }: { current: GuidePage }) {
  const t = useT();
  const other =
    current === "how"
      ? { href: "/xero-integration/faqs", label: t("integration.how.next.faqs") }
      : { href: "/xero-integration/how-we-integrate", label: t("integration.how.next.how") };
  return (
    <section className="guide-section guide-section--alt" aria-labelledby="integration-next">
      <div className="container guide-next">
        <div>
          <h2 id="integration-next">{t("integration.how.next.heading")}</h2>
          <p className="lede">
            {current === "how" ? t("integration.how.next.body") : t("integration.how.next.bodyHow")}
          </p>
        </div>
        <div className="button-row">
          <SmartLink
            href="/xero-integration/step-by-step"
            className="button button--primary button--large"
          >
            {t("integration.how.next.steps")}
          </SmartLink>
          <SmartLink href={other.href} className="button button--secondary button--large">
            {other.label}
          </SmartLink>
        </div>
      </div>
    </section>
  );
}
