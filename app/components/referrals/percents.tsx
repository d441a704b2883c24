import { createContext, useContext } from "react";

/** The referral programme's percentages, written out in the page's locale. */
export interface ReferralPercents {
  friendDiscount: string;
  partnerMaxReward: string;
}

/**
 * Provided by the referrals route from its loader: the percentages are written out at
 * build time, because the browser's first `Intl.NumberFormat` loads ICU's number data, a
 * long task on a phone, only to repeat what the page already says.
 */
export const ReferralPercentsContext = createContext<ReferralPercents | null>(null);

export function useReferralPercents(): ReferralPercents {
  const percents = useContext(ReferralPercentsContext);
  if (percents === null) throw new Error("useReferralPercents needs ReferralPercentsContext");
  return percents;
}
