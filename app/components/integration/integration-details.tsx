import { useT } from "../../hooks/use-t.ts";
import "./guide.css";

const DETAILS = ["readOnly", "schedule", "rules", "entities"] as const;

/** The how-we-integrate page's explanations: access, schedule, rules and several organisations. */
export function IntegrationDetails() {
  const t = useT();
  return (
    <section className="guide-section" aria-labelledby="integration-details">
      <div className="container">
        <h2 id="integration-details">{t("integration.how.details.heading")}</h2>
        <div className="guide-cards">
          {DETAILS.map((detail) => (
            <article key={detail} className="guide-card">
              <h3>{t(`integration.how.details.${detail}.title`)}</h3>
              <p>{t(`integration.how.details.${detail}.body`)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
