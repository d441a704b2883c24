import type { ReactNode } from "react";
import { useT } from "../../hooks/use-t.ts";
import { NUMBERED_SECTION_IMAGE_SIZES } from "../../lib/landing/image-sizes.ts";
import type { ScreenName } from "../../lib/landing/screen-images.ts";
import { SITE } from "../../lib/site-config.ts";
import { ProductScreenshot } from "../landing/product-screenshot.tsx";
import { BookDemoLink, RegisterLink } from "../ui/calls-to-action.tsx";
import { SmartLink } from "../ui/smart-link.tsx";

const SECTIONS = [
  { id: "connect", screen: "budgets" },
  { id: "plan", screen: "breakdown" },
  { id: "rules", screen: "rules" },
  { id: "forecast", screen: "drivers" },
  { id: "report", screen: "forecast" },
] as const satisfies ReadonlyArray<{ id: string; screen: ScreenName }>;

/** The screens the sections show, for the page's loader (`screenImages`). */
export const NUMBERED_SECTION_SCREENS: readonly ScreenName[] = SECTIONS.map(({ screen }) => screen);

/**
 * The features page's numbered sections (SPEC §2). Their text carries link tags, rendered
 * here: `<contact>` (mail to support), `<demo>` (register) and `<call>` (book a demo). The
 * tags' names are the spec's; the links read as the header's buttons do.
 */
export function NumberedSections() {
  const t = useT();
  const links = {
    contact: (chunks: ReactNode[]) => (
      <SmartLink
        href={`mailto:${SITE.supportEmail}`}
        trackingId="support-email"
        trackingSection="features"
      >
        {chunks}
      </SmartLink>
    ),
    demo: (chunks: ReactNode[]) => <RegisterLink section="features">{chunks}</RegisterLink>,
    call: (chunks: ReactNode[]) => <BookDemoLink section="features">{chunks}</BookDemoLink>,
  };
  return (
    <section className="section numbered-sections" aria-label={t("features.sectionsLabel")}>
      <ol className="container numbered-sections__list">
        {SECTIONS.map(({ id, screen }, index) => (
          <li key={id} className="numbered-section" id={`step-${id}`}>
            <div className="numbered-section__copy">
              <p className="numbered-section__number">
                <span aria-hidden="true">{String(index + 1).padStart(2, "0")}</span>
                <span className="visually-hidden">{t("features.step", { number: index + 1 })}</span>
              </p>
              <h2>{t(`features.sections.${id}.title`)}</h2>
              <p>{t.rich(`features.sections.${id}.body`, links)}</p>
            </div>
            <ProductScreenshot
              name={screen}
              alt={t(`features.sections.${id}.imageAlt`)}
              sizes={NUMBERED_SECTION_IMAGE_SIZES}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
