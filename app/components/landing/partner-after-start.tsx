import { laterPartsOf } from "../layout/hydration-part.tsx";

/**
 * The partner landing's own parts, as parts whose code comes after the start (decision
 * record 0012), like the landing pages' later sections (`after-start.tsx`) but in a chunk
 * only /xero asks for.
 */
const partnerSection = laterPartsOf(() => import("./partner-sections.ts"));

export const AboutPartner = partnerSection("AboutPartner");

export const PartnerDataFlow = partnerSection("PartnerDataFlow");

export const XeroConnectionPanel = partnerSection("XeroConnectionPanel");
