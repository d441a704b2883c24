import { CONSENT_COOKIE } from "./constants.ts";

/** Set on the root element, before the first paint, when a consent record is stored. */
export const CONSENT_STORED_ATTRIBUTE = "data-consent-stored";

/**
 * Inline script in every page's head. The prerendered page carries the consent banner, so
 * a first visit sees it in the first paint rather than popping in (and becoming the
 * largest paint) after hydration; for a visitor who has already decided, this hides it
 * until the app has read the record. Its text is constant, so its CSP hash is too.
 */
export const STORED_CONSENT_PROBE = `if (/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie)) document.documentElement.setAttribute("${CONSENT_STORED_ATTRIBUTE}", "");`;
