import type { ConsentChoice } from "./consent.ts";
import { REFERRER_COOKIE } from "./constants.ts";

/**
 * First-party cookie and storage name prefixes each category may set: Amplitude's `AMP_`,
 * Google's `_ga`/`_gid`, the chat widget's `twk_`/`Tawk`; the referral cookie, Google Ads
 * and LinkedIn's first-party cookies.
 */
const PREFIXES: Record<keyof ConsentChoice, readonly string[]> = {
  analytics: ["AMP_", "_ga", "_gid", "_gat", "twk_", "Tawk", "TawkConnectionTime"],
  marketing: [REFERRER_COOKIE, "_gcl_", "li_", "lidc", "_li", "lms_", "AnalyticsSyncHistory"],
};

/** Names among `names` that belong to the withdrawn categories (and must be removed). */
export function namesToRemove(
  names: readonly string[],
  withdrawn: ReadonlyArray<keyof ConsentChoice>,
): string[] {
  const prefixes = withdrawn.flatMap((category) => PREFIXES[category]);
  return names.filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
}
