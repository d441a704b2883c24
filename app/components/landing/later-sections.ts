/**
 * The landing pages' sections below the first screen, in one chunk that the pages request
 * after the start (`after-start.tsx`, decision record 0012).
 */
export { FeaturesList } from "./features-list.tsx";
export { SupportedBy } from "./supported-by.tsx";
export { Testimonials } from "./testimonials.tsx";
export { TryItFree } from "./try-it-free.tsx";
export { VideoSection } from "./video-section.tsx";
export { WhyUse } from "./why-use.tsx";
