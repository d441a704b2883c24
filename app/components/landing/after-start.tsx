import type { ComponentProps, ReactNode } from "react";
import { laterPart } from "../layout/hydration-part.tsx";

/**
 * The landing pages' sections below the first screen, as parts whose code comes after the
 * start (decision record 0012): prerendered like the rest of the page, hydrated once their
 * chunk has arrived, their taps in between kept and replayed. None of them is in a phone's
 * first screen, and their code was 8 KB gzip of the landing page's first load.
 */
type LaterSections = typeof import("./later-sections.ts");

/** One export of the later sections' chunk, as a later part. */
function laterSection<Name extends keyof LaterSections>(name: Name) {
  type Props = ComponentProps<LaterSections[Name]>;
  // TypeScript does not narrow an export picked by a generic name to its own props.
  return laterPart<Props>(
    async () => (await import("./later-sections.ts"))[name] as (props: Props) => ReactNode,
  );
}

export const WhyUse = laterSection("WhyUse");

export const Testimonials = laterSection("Testimonials");

export const VideoSection = laterSection("VideoSection");

export const TryItFree = laterSection("TryItFree");

export const FeaturesList = laterSection("FeaturesList");

export const SupportedBy = laterSection("SupportedBy");
