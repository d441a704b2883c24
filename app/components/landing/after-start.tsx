import { laterPart } from "../layout/hydration-part.tsx";

/**
 * The landing pages' sections below the first screen, as parts whose code comes after the
 * start (decision record 0012): prerendered like the rest of the page, hydrated once their
 * chunk has arrived, their taps in between kept and replayed. None of them is in a phone's
 * first screen, and their code was 8 KB gzip of the landing page's first load.
 */
const laterSections = () => import("./later-sections.ts");

export const WhyUse = laterPart(async () => (await laterSections()).WhyUse);

export const Testimonials = laterPart(async () => (await laterSections()).Testimonials);

export const VideoSection = laterPart(async () => (await laterSections()).VideoSection);

export const TryItFree = laterPart(async () => (await laterSections()).TryItFree);

export const FeaturesList = laterPart(async () => (await laterSections()).FeaturesList);

export const SupportedBy = laterPart(async () => (await laterSections()).SupportedBy);
