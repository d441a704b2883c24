import { useT } from "../../hooks/use-t.ts";
import { BookDemoLink, RegisterLink } from "../ui/calls-to-action.tsx";

/** The features page's call to action (SPEC §2): register and book-a-demo buttons. */
export function FeaturesCta() {
  const t = useT();
  return (
    <section className="features-cta" aria-labelledby="features-cta-heading">
      <div className="container">
        <div className="features-cta__card">
          <div>
            <h2 id="features-cta-heading">{t("features.cta.heading")}</h2>
            <p>{t("features.cta.body")}</p>
          </div>
          <div className="button-row">
            <RegisterLink section="features-cta" className="button button--primary button--large" />
            <BookDemoLink section="features-cta" className="button button--on-dark button--large" />
          </div>
        </div>
      </div>
    </section>
  );
}
