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
 * each with its illustration, then the languages and EU hosting facts.
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
        <ul className="features-list__trust">
          <li>
            <GlobeIcon />
            {t("landing.features.trust.languages")}
          </li>
          <li>
            <ShieldIcon />
            {t("landing.features.trust.hosting")}
          </li>
        </ul>
      </div>
    </section>
  );
}

function GlobeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="10" cy="10" r="8" />
        <path d="M2 10h16M10 2c2.5 2.4 2.5 13.6 0 16M10 2c-2.5 2.4-2.5 13.6 0 16" />
      </g>
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M10 2 3.5 4.5v5c0 4 2.8 7 6.5 8.5 3.7-1.5 6.5-4.5 6.5-8.5v-5z M7 10l2 2 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
