/**
 * The referral modals' chunk: the code of their later part (`referral-modals-after-start`),
 * and what the reopening of a form after a turned-down script-less post waits for
 * (`use-referral-forms`), so that its note reaches live modals.
 */
export function loadReferralModals() {
  return import("./referral-modals.tsx");
}
