import type { SellingPointId } from "../../content/landing.ts";
import type { ScreenName } from "./screen-images.ts";

/** The product screen each 'why use' point shows. */
export type SellingPointScreens = Record<SellingPointId, ScreenName>;

/** What each of the landing's reasons shows; the page's loader asks for these images. */
export const LANDING_SCREENS: SellingPointScreens = {
  "save-time": "rules",
  "engage-staff": "breakdown",
  plan: "forecast",
};
