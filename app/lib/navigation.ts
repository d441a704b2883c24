import { APP_LINKS, SITE } from "./site-config.ts";

/** Header links (SPEC §2 Navigation); labels are `common.nav.<id>` in the catalogue. */
export const PRIMARY_NAV = [
  { id: "features", href: "/features" },
  { id: "pricing", href: "/pricing" },
  { id: "referrals", href: "/referrals" },
  { id: "faqs", href: "/faqs" },
  { id: "blog", href: SITE.blog },
] as const;

export const CALLS_TO_ACTION = {
  login: APP_LINKS.login,
  bookDemo: SITE.bookingPage,
  tryNow: APP_LINKS.register,
} as const;

/**
 * Footer-only links (SPEC §2): the cookies policy is section 11 of the privacy policy. The
 * accessibility statement sits beside them, where visitors look for it.
 */
export const LEGAL_LINKS = {
  privacy: "/privacy-policy",
  terms: "/terms",
  cookies: "/privacy-policy#section-11",
  accessibility: "/accessibility",
} as const;

export const SOCIAL_LINKS = {
  twitter: SITE.twitter,
  linkedIn: SITE.linkedIn,
} as const;
