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
import {
  AboutPartner,
  PartnerDataFlow,
  XeroConnectionPanel,
} from "../components/landing/partner-after-start.tsx";
import { XERO_SECTION_IDS } from "../content/landing.ts";
import { useSectionHash } from "../hooks/use-section-hash.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { screenImages } from "../lib/landing/screen-images.server.ts";
import { withTestimonials } from "../lib/landing/testimonials.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { DEPLOYMENT } from "../lib/site-deployment.ts";
import type { Route } from "./+types/xero";

/** What each of the Xero page's reasons shows; the masthead already shows the budgets. */
const XERO_SCREENS = {
  "save-time": "forecast",
  "engage-staff": "rules",
  plan: "breakdown",
} as const;

export function loader({ request }: Route.LoaderArgs) {
  const video = DEPLOYMENT.videos.xeroWalkthrough !== undefined;
  // The masthead's copy and the page meta are the partner's own; of the integration guide,
  // only the data-flow diagram is on this page; of the sections a deployment may leave
  // out, only those it has.
  return {
    ...withTestimonials(
      request,
      pageMessages(request, [
        "xero",
        "landing.masthead.pointsLabel",
        "landing.masthead.imageAlt",
        "landing.trust",
        ...(video ? (["landing.video"] as const) : []),
        "landing.tryItFree",
        "landing.supportedBy",
        "integration.diagram",
        "integration.panel",
      ]),
    ),
    ...screenImages(request, {
      screens: ["budgets", ...Object.values(XERO_SCREENS)],
      poster: video,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("xero", "xero", location.pathname, loaderData?.messages);

/**
 * The accounting-partner landing (SPEC §2): the landing sections plus the partner's own
 * about section and the integration data-flow diagram. Its 'why use' and features say what
 * a Xero user gets, in the `xero` catalogue, rather than repeat the landing's; the Xero
 * connection panel sits in the masthead's band, under the hero's calls to action.
 */
export default function XeroLanding({ loaderData }: Route.ComponentProps) {
  useSectionHash(XERO_SECTION_IDS);
  return (
    <>
      <Masthead
        headingKey="xero.masthead.heading"
        subtitleKey="xero.masthead.subtitle"
        pointKeys={[
          "xero.masthead.points.sync",
          "xero.masthead.points.owners",
          "xero.masthead.points.entities",
        ]}
      >
        <XeroConnectionPanel moreHref="#how-it-works" />
      </Masthead>
      <AboutPartner />
      <PartnerDataFlow />
      <WhyUse messages="xero.whyUse" screens={XERO_SCREENS} />
      <FeaturesList messages="xero.features" />
      <Testimonials ids={loaderData.testimonialIds} />
      {/* A build without the walkthrough's id has no video section (no dead play button). */}
      {DEPLOYMENT.videos.xeroWalkthrough ? (
        <VideoSection
          video={DEPLOYMENT.videos.xeroWalkthrough}
          titleKey="xero.video.title"
          autoload
        />
      ) : null}
      <TryItFree />
      <SupportedBy />
    </>
  );
}
