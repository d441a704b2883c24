/**
 * Landing-page behaviour constants (SPEC §4 states and §9 timings), in one module so the
 * components, the CSS durations and the tests agree.
 */

/** SPEC §4, §9: a testimonial stays for 9 s before the carousel advances. */
export const TESTIMONIAL_INTERVAL_MS = 9000;

/**
 * SPEC §4: a click on a pagination dot pauses auto-advance and restarts it after 9 s. Once
 * restarted, the next item follows a full interval later.
 */
export const TESTIMONIAL_RESUME_AFTER_MS = 9000;

/**
 * SPEC §4: the selected selling point fades out over 300 ms before the next one shows (the
 * 500 ms fade-in is CSS alone, so it has no constant here).
 */
export const SELLING_POINT_FADE_OUT_MS = 300;

/** SPEC §2: the try-it-free buttons open their pop-up window after 50 ms. */
export const POPUP_DELAY_MS = 50;

/** Size of the try-it-free pop-up window, in CSS pixels. */
export const POPUP_WIDTH_PX = 520;
export const POPUP_HEIGHT_PX = 720;

/** SPEC §9: scroll visibility is checked at most every 250 ms. */
export const SCROLL_VISIBILITY_THROTTLE_MS = 250;

/**
 * Fraction of the viewport height, from the top, where the "reading line" sits: the section
 * under it is the one written into the address.
 */
export const READING_LINE_RATIO = 0.35;
