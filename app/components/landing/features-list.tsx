import { FEATURE_IDS } from "../../content/landing.ts";
import { useT } from "../../hooks/use-t.ts";
import { FeatureIllustration } from "./feature-illustration.tsx";

/** The messages of one page's features list: the landing's, or the Xero page's own. */
type FeaturesMessages = "landing.features" | "xero.features";

/**
 * The features list (SPEC §1, §2): integrate, import, rules, data, reallocate and drivers,
 * each with its illustration. The languages and EU hosting facts are in the trust strip.
 */
export function FeaturesList({ messages = "landing.features" }: { messages?: FeaturesMessages }) {
  const t = useT();
  return (
    <section className="section features-list" id="features" aria-labelledby="features-heading">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">{t(`${messages}.eyebrow`)}</p>
          <h2 id="features-heading">{t(`${messages}.heading`)}</h2>
          <p className="lede">{t(`${messages}.intro`)}</p>
        </div>
        <ul className="features-list__grid">
          {FEATURE_IDS.map((id) => (
            <li key={id} className="feature-card">
              <FeatureIllustration id={id} className="feature-card__image" />
              <h3>{t(`${messages}.items.${id}.title`)}</h3>
              <p>{t(`${messages}.items.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
