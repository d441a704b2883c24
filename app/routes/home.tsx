import {
  FeaturesList,
  SupportedBy,
  Testimonials,
  TryItFree,
  VideoSection,
  WhyUse,
} from "../components/landing/after-start.tsx";
import "../components/landing/landing.css";
import { Masthead } from "../components/landing/masthead.tsx";
import { LANDING_SECTION_IDS } from "../content/landing.ts";
import { useSectionHash } from "../hooks/use-section-hash.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { screenImages } from "../lib/landing/screen-images.server.ts";
import { LANDING_SCREENS } from "../lib/landing/selling-point-screens.ts";
import { withTestimonials } from "../lib/landing/testimonials.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { DEPLOYMENT } from "../lib/site-deployment.ts";
import type { Route } from "./+types/home";

/** A build without the tour's video id has no video section (no dead play button). */
const PRODUCT_TOUR = DEPLOYMENT.videos.productTour;

export function loader({ request }: Route.LoaderArgs) {
  const video = PRODUCT_TOUR !== undefined;
  // Of the sections a deployment may leave out, only the copy of those it has.
  return {
    ...withTestimonials(
      request,
      pageMessages(
        request,
        ["landing"],
        ["landing.testimonials", ...(video ? [] : (["landing.video"] as const))],
      ),
    ),
    ...screenImages(request, {
      screens: ["budgets", ...Object.values(LANDING_SCREENS)],
      poster: video,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("home", "landing", location.pathname, loaderData?.messages);

export default function Home({ loaderData }: Route.ComponentProps) {
  useSectionHash(LANDING_SECTION_IDS);
  return (
    <>
      <Masthead
        headingKey="landing.masthead.heading"
        subtitleKey="landing.masthead.subtitle"
        pointKeys={[
          "landing.masthead.points.sync",
          "landing.masthead.points.owners",
          "landing.masthead.points.rules",
        ]}
      />
      <WhyUse />
      <FeaturesList />
      <Testimonials ids={loaderData.testimonialIds} />
      {PRODUCT_TOUR ? <VideoSection video={PRODUCT_TOUR} titleKey="landing.video.title" /> : null}
      <TryItFree />
      <SupportedBy />
    </>
  );
}
