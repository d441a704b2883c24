import type { ComponentProps, ReactNode } from "react";
import { laterPart } from "../layout/hydration-part.tsx";

/**
 * The partner landing's own parts, as parts whose code comes after the start (decision record 0012), like the landing pages' later sections
 * (`after-start.tsx`) but in a chunk only /xero asks for.
 */
type PartnerSections = typeof import("./partner-sections.ts");

function partnerSection<Name extends keyof PartnerSections>(name: Name) {
  type Props = ComponentProps<PartnerSections[Name]>;
  return laterPart<Props>(
    async () => (await import("./partner-sections.ts"))[name] as (props: Props) => ReactNode,
  );
}

export const AboutPartner = partnerSection("AboutPartner");

export const PartnerDataFlow = partnerSection("PartnerDataFlow");

export const XeroConnectionPanel = partnerSection("XeroConnectionPanel");
