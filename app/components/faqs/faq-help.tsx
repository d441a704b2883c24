import { useT } from "../../hooks/use-t.ts";
import { SITE } from "../../lib/site-config.ts";
import { BookDemoLink } from "../ui/calls-to-action.tsx";
import { SmartLink } from "../ui/smart-link.tsx";

/** "Still have a question?": email the team or book a demo call. */
export function FaqHelp() {
  const t = useT();
  return (
    <aside className="faq-help" aria-labelledby="faq-help-heading">
      <div>
        <h2 id="faq-help-heading">{t("faqs.related.heading")}</h2>
        <p>{t("faqs.related.body")}</p>
      </div>
      {/* The primary action first, as in every other pair of buttons on the site. */}
      <div className="button-row">
        <BookDemoLink section="faqs" className="button button--primary" />
        <SmartLink
          href={`mailto:${SITE.supportEmail}`}
          className="button button--secondary"
          trackingId="support-email"
          trackingSection="faqs"
        >
          {t("faqs.related.contact")}
        </SmartLink>
      </div>
    </aside>
  );
}
