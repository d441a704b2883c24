import { useT } from "../../hooks/use-t.ts";
import { SmartLink } from "../ui/smart-link.tsx";
import "./guide.css";

const GUIDE_PAGES = [
  { id: "how", href: "/xero-integration/how-we-integrate" },
  { id: "steps", href: "/xero-integration/step-by-step" },
  { id: "faqs", href: "/xero-integration/faqs" },
] as const;

/** The integration guide's table of contents: one card per page of the guide. */
export function GuideContents() {
  const t = useT();
  return (
    <section className="guide-section" aria-labelledby="guide-contents">
      <div className="container">
        <h2 id="guide-contents">{t("integration.toc.heading")}</h2>
        <ol className="guide-cards guide-contents">
          {GUIDE_PAGES.map((page) => (
            <li key={page.id} className="guide-card">
              <h3>
                <SmartLink href={page.href}>{t(`integration.toc.${page.id}.title`)}</SmartLink>
              </h3>
              <p>{t(`integration.toc.${page.id}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
