/**
 * Marks the page's own first calls to action (the hero's button row): the trial bar sticks
 * only once they have scrolled away, so it never covers them.
 */
export const HERO_ACTIONS_ATTRIBUTE = "data-hero-actions";

/**
 * Marks every register (trial) link: while one in the page is on screen the trial bar keeps
 * its place, so a screen never shows two trial buttons.
 */
export const REGISTER_CTA_ATTRIBUTE = "data-register-cta";
