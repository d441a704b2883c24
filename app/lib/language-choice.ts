import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "./locale.ts";

/** The class of the language switcher's list of links, where a choice is recognised. */
export const LANGUAGE_SWITCHER_CLASS = "language-switcher";

/**
 * Inline script in every page's head that remembers the language a visitor picks in a
 * switcher. It listens on the document rather than in the app because the app starts after
 * the first paint: a click before then is a plain link, and without the cookie the server
 * would send a visitor who had chosen German earlier back to German when they pick English.
 * Capture phase, so it also runs when the router takes the click over. The cookie is a
 * language preference, strictly necessary for the service asked for: consent-free.
 * Its text is constant, so its CSP hash is too.
 */
export const LANGUAGE_CHOICE_SCRIPT = `document.addEventListener("click",function(e){var a=e.target instanceof Element&&e.target.closest(".${LANGUAGE_SWITCHER_CLASS} a[hreflang]");if(a)document.cookie="${LOCALE_COOKIE}="+a.getAttribute("hreflang")+"; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")},true);`;
