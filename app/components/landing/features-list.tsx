import { FEATURE_IDS, type FeatureId } from "../../content/landing.ts";
import { useT } from "../../hooks/use-t.ts";

const illustrations = import.meta.glob<string>("../../assets/illustrations/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

function illustrationOf(id: FeatureId): string | undefined {
  return illustrations[`../../assets/illustrations/${id}.svg`];
}

/**
 * The features list (SPEC §1, §2): integrate, import, rules, data, reallocate and drivers,
 * each with its illustration. The languages and EU hosting facts are in the trust strip.
 */
export function FeaturesList() {
  const t = useT();
  return (
    <section className="section features-list" id="features" aria-labelledby="features-heading">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">{t("landing.features.eyebrow")}</p>
          <h2 id="features-heading">{t("landing.features.heading")}</h2>
          <p className="lede">{t("landing.features.intro")}</p>
        </div>
        <ul className="features-list__grid">
          {FEATURE_IDS.map((id) => (
            <li key={id} className="feature-card">
              <img
                className="feature-card__image"
                src={illustrationOf(id)}
                alt=""
                width={240}
                height={150}
                loading="lazy"
                decoding="async"
              />
              <h3>{t(`landing.features.items.${id}.title`)}</h3>
              <p>{t(`landing.features.items.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
