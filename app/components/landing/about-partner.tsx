import { useT } from "../../hooks/use-t.ts";
import { SITE } from "../../lib/site-config.ts";
import { SmartLink } from "../ui/smart-link.tsx";

const POINT_IDS = ["readOnly", "tracking", "entities"] as const;

/** About the accounting partner (SPEC §2, /xero): what the connection does, and where next. */
export function AboutPartner() {
  const t = useT();
  return (
    <section
      className="section about-partner"
      id="about-partner"
      aria-labelledby="about-partner-heading"
    >
      <div className="container about-partner__inner">
        <div>
          <p className="eyebrow">{t("xero.about.eyebrow")}</p>
          <h2 id="about-partner-heading">{t("xero.about.heading")}</h2>
          <p className="lede">{t("xero.about.body")}</p>
          <div className="button-row">
            <SmartLink
              href={SITE.xeroSignup}
              className="button button--secondary"
              trackingId="xero-signup"
              trackingSection="about-partner"
            >
              {t("xero.about.signup")}
            </SmartLink>
            <SmartLink href="/xero-integration" className="button button--secondary">
              {t("xero.about.guide")}
            </SmartLink>
          </div>
        </div>
        <ul className="about-partner__points">
          {POINT_IDS.map((id) => (
            <li key={id}>{t(`xero.about.points.${id}`)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
