import type { RefObject } from "react";
import { useT } from "../../hooks/use-t.ts";
import { Dialog } from "../ui/dialog.tsx";
import { useReferralPercents } from "./percents.tsx";
import type { Confirmation } from "./use-referral-forms.ts";

const DIALOG_ID = "referral-confirmation";

const COPY = {
  referral: {
    title: "referrals.referralForm.confirmation.title",
    body: "referrals.referralForm.confirmation.body",
    done: "referrals.referralForm.confirmation.done",
  },
  partner: {
    title: "referrals.partnerForm.confirmation.title",
    body: "referrals.partnerForm.confirmation.body",
    done: "referrals.partnerForm.confirmation.done",
  },
} as const;

interface ConfirmationModalProps {
  confirmation: Confirmation;
  isOpen: boolean;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** SPEC §4: 'Referral email sent!' or 'Partner request sent!' with the submitted names. */
export function ConfirmationModal({
  confirmation,
  isOpen,
  onClose,
  returnFocusRef,
}: ConfirmationModalProps) {
  const t = useT();
  const percents = useReferralPercents();
  const copy = COPY[confirmation.kind];
  const { values } = confirmation;
  return (
    <Dialog
      id={DIALOG_ID}
      size="message"
      isOpen={isOpen}
      onClose={onClose}
      title={t(copy.title)}
      returnFocusRef={returnFocusRef}
    >
      <div className="confirmation">
        <svg
          className="confirmation__icon"
          viewBox="0 0 48 48"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="24" cy="24" r="24" fill="currentColor" opacity="0.14" />
          <path
            d="M15 24.5l6 6 12-13"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className="confirmation__text">
          {t(copy.body, {
            ...values,
            discount: percents.friendDiscount,
          })}
        </p>
        <button
          type="button"
          className="button button--primary button--large"
          data-autofocus
          commandfor={DIALOG_ID}
          command="close"
          onClick={onClose}
        >
          {t(copy.done)}
        </button>
      </div>
    </Dialog>
  );
}
