/**
 * Spec constants of the referrals page, its modals and the dropdown widget (SPEC §4, §7,
 * §9), in one place so components and tests read the same figures.
 */

/** SPEC §9: the friend gets this much off the first year; the referrer the same again. */
export const FRIEND_DISCOUNT_PERCENT = 10;
/** SPEC §9: partner discounts or commissions go up to this much. */
export const PARTNER_MAX_REWARD_PERCENT = 50;

/** SPEC §4, §9: a backdrop click closes a modal only if press and release are this close. */
export const BACKDROP_CLICK_TOLERANCE_PX = 10;
/** SPEC §4: modals fade in and out over this long (instantly under reduced motion). */
export const MODAL_FADE_MS = 500;

/** SPEC §4: the dropdown list shows without a scrollbar when each option gets this height. */
export const DROPDOWN_OPTION_HEIGHT_PX = 35;

/**
 * SPEC §7: where each form posts (form-encoded), the bare path with no query: the server
 * finds the visitor's language in the Referer's path or the `lang` cookie.
 */
export const FORM_ENDPOINTS = {
  referral: "/api/sendEmail",
  partner: "/api/joinPartner",
} as const;

export type ReferralFormKind = keyof typeof FORM_ENDPOINTS;

/**
 * The `<dialog>` id of each form's modal, which its buttons open through `commandfor` before
 * any script has run. Here rather than with the forms' fields, which come after the start.
 */
export const FORM_DIALOG_IDS: Record<ReferralFormKind, string> = {
  referral: "refer-a-friend",
  partner: "join-partner",
};
