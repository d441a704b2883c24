/**
 * Ids of the landing page's items (SPEC §2, §3). Their copy is in the `landing` catalogue
 * under the same ids; the order here is the order on the page.
 */

/** SPEC §4: save-time is selected first. */
export const SELLING_POINT_IDS = ["save-time", "engage-staff", "plan"] as const;
export type SellingPointId = (typeof SELLING_POINT_IDS)[number];

export const FEATURE_IDS = [
  "integrate",
  "import",
  "rules",
  "data",
  "reallocate",
  "drivers",
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

/** Landing sections written into the address hash as they scroll into view (SPEC §2). */
export const LANDING_SECTION_IDS = [
  "why-use",
  "features",
  "testimonials",
  "video",
  "try-it-free",
  "supported-by",
] as const;

/** The partner landing's sections (/xero), in page order. */
export const XERO_SECTION_IDS = ["about-partner", "how-it-works", ...LANDING_SECTION_IDS] as const;
