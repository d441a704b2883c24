import { laterPart } from "../layout/hydration-part.tsx";
import { loadReferralModals } from "./load-referral-modals.ts";
import type { ReferralForms } from "./use-referral-forms.ts";

/**
 * The referral page's modals as a part whose code comes after the start (decision record
 * 0012): closed, they show nothing, and before the start their buttons open them natively
 * (`commandfor`), prerendered form and all. Their code (the dialog, both prerendered forms,
 * their fields and the confirmation) was 3 KB gzip of the page's first load; the live form
 * that replaces a prerendered one on opening shares most of it.
 */
export const ReferralModals = laterPart<{ forms: ReferralForms }>(
  async () => (await loadReferralModals()).ReferralModals,
);
