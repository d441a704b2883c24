/**
 * The shapes of the generated product images (scripts/visuals/render.ts), shared by the
 * render script, which makes them, and the pages, which reserve their space: the whole
 * screens, the part of each that a phone shows, and the video poster.
 */

/** The product screens, as generated. */
export const SCREEN_NAMES = ["budgets", "forecast", "rules", "drivers", "breakdown"] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

export interface Size {
  width: number;
  height: number;
}

/** CSS size of every mock-up of the app. */
export const SCREEN_SIZE: Size = { width: 1000, height: 625 };

/** The poster's CSS size: the video frame's 16:9, so it fills the frame without cropping. */
export const POSTER_SIZE: Size = { width: 1120, height: 630 };

/**
 * The phone image of each screen, in CSS pixels: the part of the screen that tells its story,
 * laid out in a 380 px column (no sidebar, secondary columns and cards left out) so that in a
 * phone's column of about 340 px its text shows at 11-12 px. The whole 1000 px screen would
 * shrink the same text to 4 px.
 */
export const PHONE_SIZES: Record<ScreenName, Size> = {
  budgets: { width: 380, height: 480 },
  forecast: { width: 380, height: 450 },
  rules: { width: 380, height: 520 },
  drivers: { width: 380, height: 500 },
  breakdown: { width: 380, height: 520 },
};

/** Where the phone images replace the whole screens: one-column layouts narrower than a tablet. */
export const PHONE_MEDIA = "(max-width: 640px)";

/** The file name of a screen's phone image. */
export function phoneCropName(screen: ScreenName): `${ScreenName}-phone` {
  return `${screen}-phone`;
}

/** Height for a width at a rectangle's aspect ratio, rounded to whole pixels. */
export function heightAt(width: number, shape: Size): number {
  return Math.round((width * shape.height) / shape.width);
}

/** The try-it-free clip's files of one locale: what the render script writes, and pages find. */
export function clipFileNames(locale: string): { mp4: string; webm: string; poster: string } {
  return {
    mp4: `try-it-free-${locale}.mp4`,
    webm: `try-it-free-${locale}.webm`,
    poster: `try-it-free-poster-${locale}.webp`,
  };
}
