import {
  ACCESSIBILITY_LIMITATIONS,
  type AccessibilityLimitation,
} from "../../content/accessibility.ts";
import type { AccessibilityContact, BuildConfig } from "../build-config.ts";
import { formatCalendarDate } from "../legal/lifetime.ts";

/** What the build bakes in for the statement (scripts/vite/build-config-plugin.ts). */
export interface StatementSettings extends AccessibilityContact {
  /** The date of the code the build was made from (`YYYY-MM-DD`, scripts/vite/source-date.ts). */
  reviewedOn: string;
}

/** What the statement's page shows that is not copy: written out once, at build time. */
export interface StatementFacts {
  email: string;
  responseBusinessDays?: number;
  /** The review date in the page's language, e.g. "4 March 2026". */
  reviewed: string;
  /** The limitations that apply to this deployment, in the statement's order. */
  limitations: AccessibilityLimitation[];
}

/**
 * The statement's facts for one locale (a BCP 47 tag such as `de-DE`). The chat and video
 * limitations are listed only when this deployment has a chat or a video to warn about.
 */
export function statementFacts(
  settings: StatementSettings,
  deployment: Pick<BuildConfig, "chat" | "videos">,
  localeTag: string,
): StatementFacts {
  const isOn = {
    chat: deployment.chat !== undefined,
    video: Boolean(deployment.videos.productTour || deployment.videos.xeroWalkthrough),
  };
  return {
    email: settings.email,
    ...(settings.responseBusinessDays === undefined
      ? {}
      : { responseBusinessDays: settings.responseBusinessDays }),
    reviewed: formatCalendarDate(settings.reviewedOn, localeTag),
    limitations: ACCESSIBILITY_LIMITATIONS.filter(
      (limitation) => !("when" in limitation) || isOn[limitation.when],
    ).map((limitation) => limitation.id),
  };
}
