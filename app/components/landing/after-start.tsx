import { laterPartsOf } from "../layout/hydration-part.tsx";

/**
 * The landing pages' sections below the first screen, as parts whose code comes after the
 * start (decision record 0012): prerendered like the rest of the page, hydrated once their
 * chunk has arrived, their taps in between kept and replayed. None of them is in a phone's
 * first screen, and their code was 8 KB gzip of the landing page's first load.
 */
const laterSection = laterPartsOf(() => import("./later-sections.ts"));

export const WhyUse = laterSection("WhyUse");

export const Testimonials = laterSection("Testimonials");

export const VideoSection = laterSection("VideoSection");

export const TryItFree = laterSection("TryItFree");

export const FeaturesList = laterSection("FeaturesList");

export const SupportedBy = laterSection("SupportedBy");
