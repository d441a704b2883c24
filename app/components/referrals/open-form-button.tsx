import type { ReactNode } from "react";
import { FORM_DIALOG_IDS, type ReferralFormKind } from "../../lib/referrals/constants.ts";
import { prefetchLiveForm } from "./load-live-form.ts";

interface OpenFormButtonProps {
  kind: ReferralFormKind;
  onOpen: (kind: ReferralFormKind, trigger: HTMLElement) => void;
  className?: string;
  children: ReactNode;
}

/**
 * Opens a form modal. Before the script runs, `commandfor` opens the dialog natively; once
 * it runs, the click loads the live form first (prefetched on hover or focus).
 */
export function OpenFormButton({ kind, onOpen, className, children }: OpenFormButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      commandfor={FORM_DIALOG_IDS[kind]}
      command="show-modal"
      onPointerEnter={prefetchLiveForm}
      onFocus={prefetchLiveForm}
      onClick={(event) => {
        event.preventDefault();
        onOpen(kind, event.currentTarget);
      }}
    >
      {children}
    </button>
  );
}
