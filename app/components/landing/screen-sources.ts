import { type ImageVariant, parseVariant } from "../../lib/landing/srcset.ts";

/**
 * Every generated product screenshot (scripts/visuals/render.ts), as hashed asset URLs.
 * Only URLs are bundled; the images load when a `<picture>` asks for them.
 */
const urls = import.meta.glob<string>("../../assets/screens/*.{avif,webp,jpg}", {
  eager: true,
  query: "?url",
  import: "default",
});

export const SCREEN_VARIANTS: readonly ImageVariant[] = Object.entries(urls).flatMap(
  ([path, url]) => parseVariant(path, url) ?? [],
);

/** The names of the screenshots, as generated. */
export type ScreenName = "budgets" | "forecast" | "rules" | "drivers" | "breakdown";

/** Height over width of every screenshot (1000 x 625 CSS px mock-ups). */
export const SCREEN_ASPECT = 625 / 1000;
