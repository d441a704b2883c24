import { FEATURE_IDS } from "../../content/landing.ts";
import { useT } from "../../hooks/use-t.ts";
import { FeatureIllustration } from "../landing/feature-illustration.tsx";

const POINTS = ["a", "b", "c"] as const;

/**
 * The features page's own take on the six features (SPEC §2: integrate, import, rules, data,
 * reallocate, drivers): one row each with what it does and what it covers, where the landing
 * has a grid of short cards. Keeps the features list's `#features` anchor.
 */
export function FeatureDetails() {
  const t = useT();
  return (
    <section className="section feature-details" id="features" aria-labelledby="features-heading">
      <div className="container feature-details__inner">
        <div className="feature-details__head">
          <p className="eyebrow">{t("features.details.eyebrow")}</p>
          <h2 id="features-heading">{t("features.details.heading")}</h2>
          <p className="lede">{t("features.details.intro")}</p>
        </div>
        <ol className="feature-details__list">
          {FEATURE_IDS.map((id, index) => (
            <li key={id} className="feature-detail" id={`feature-${id}`}>
              <FeatureIllustration id={id} className="feature-detail__image" />
              <div className="feature-detail__copy">
                <h3>
                  <span className="feature-detail__number" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  {t(`features.details.items.${id}.title`)}
                </h3>
                <p>{t(`features.details.items.${id}.body`)}</p>
                <ul className="feature-detail__points">
                  {POINTS.map((point) => (
                    <li key={point}>{t(`features.details.items.${id}.points.${point}`)}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
