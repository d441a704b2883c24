import { FeatureDetails } from "../components/features/feature-details.tsx";
import { FeaturesCta } from "../components/features/features-cta.tsx";
import "../components/features/features.css";
import {
  NUMBERED_SECTION_SCREENS,
  NumberedSections,
} from "../components/features/numbered-sections.tsx";
import { Testimonials, TryItFree } from "../components/landing/after-start.tsx";
import "../components/landing/landing.css";
import { TrustStrip } from "../components/landing/trust-strip.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { screenImages } from "../lib/landing/screen-images.server.ts";
import { withTestimonials } from "../lib/landing/testimonials.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/features";

export function loader({ request }: Route.LoaderArgs) {
  // The landing sections this page shares, not the whole landing page's copy.
  return {
    ...withTestimonials(
      request,
      pageMessages(request, ["features", "landing.trust", "landing.tryItFree"]),
    ),
    ...screenImages(request, { screens: NUMBERED_SECTION_SCREENS, poster: false }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("features", "features", location.pathname, loaderData?.messages);

/**
 * The features page (SPEC §2): title, highlight, intro, numbered sections, the call to
 * action, the six features in detail (its own, not the landing's cards), then the shared
 * testimonials and try-it-free sections.
 */
export default function Features({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader
        eyebrow={t("features.heading")}
        heading={t("features.highlight")}
        intro={t("features.intro")}
      >
        <TrustStrip className="page-header__trust" />
      </PageHeader>
      <NumberedSections />
      <FeaturesCta />
      <FeatureDetails />
      <Testimonials ids={loaderData.testimonialIds} />
      <TryItFree />
    </>
  );
}
