/**
 * `sizes` of the product screenshots: the width each is laid out at, so the browser picks
 * the smallest file that is sharp enough. They follow the breakpoints of landing.css and
 * features.css; tests/e2e/image-sizes.spec.ts fails when the layout and these drift apart.
 *
 * Below a layout's breakpoint the image spans the container, 100vw less the container's
 * padding of 2 × (0.5rem + 2.5vw).
 */
const CONTAINER_WIDTH = "calc(95vw - 1rem)";

/**
 * Masthead: one column up to 1000px, then the narrower of two columns (the copy takes
 * 1.2fr, the screenshot 1fr: about 47vw), which stops growing at 542px from 1152px.
 */
export const MASTHEAD_IMAGE_SIZES = `(min-width: 1152px) 545px, (min-width: 1001px) 47vw, ${CONTAINER_WIDTH}`;

/**
 * 'Why use' panel: one column up to 800px, then what the 18rem list of points and the 3rem
 * gap leave of the container, up to 750px.
 */
export const WHY_USE_IMAGE_SIZES = `(min-width: 1130px) 750px, (min-width: 801px) calc(100vw - 380px), ${CONTAINER_WIDTH}`;

/** Features page sections: one column up to 900px, then about half the page up to 550px. */
export const NUMBERED_SECTION_IMAGE_SIZES = `(min-width: 1170px) 550px, (min-width: 901px) 47vw, ${CONTAINER_WIDTH}`;

/**
 * Video poster: the frame is 60rem at most; below that it spans the container, whose padding
 * is 2rem from 960px up.
 */
export const POSTER_IMAGE_SIZES = `(min-width: 1024px) 960px, (min-width: 960px) calc(100vw - 4rem), ${CONTAINER_WIDTH}`;
