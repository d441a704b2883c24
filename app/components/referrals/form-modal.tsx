import { type RefObject, useState } from "react";
import { useT } from "../../hooks/use-t.ts";
import { Dialog } from "../ui/dialog.tsx";
import type { FormDefinition } from "./form-definitions.ts";
import type { LiveFormComponent } from "./load-live-form.ts";
import { useReferralPercents } from "./percents.tsx";
import { StaticForm } from "./static-form.tsx";

interface FormModalProps {
  definition: FormDefinition;
  isOpen: boolean;
  onClose: () => void;
  onSent: (values: Record<string, string>) => void;
  /** The live form once loaded; until then the prerendered form posts natively. */
  LiveForm: LiveFormComponent | null;
  /** A new key empties the form. */
  formKey: number;
  /** The server turned down this form's script-less post; say so in the form. */
  wasRejected: boolean;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/** A referral form in its modal. */
export function FormModal({
  definition,
  isOpen,
  onClose,
  onSent,
  LiveForm,
  formKey,
  wasRejected,
  returnFocusRef,
}: FormModalProps) {
  const t = useT();
  const percents = useReferralPercents();
  const notice = wasRejected ? t("referrals.formError.text") : undefined;
  // The live form replaces the prerendered one when this modal first opens, not when the
  // other modal does: rendering both at once doubled the work of opening one (issue 50).
  // Once live it stays live, so that closing never swaps it back while it fades out.
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return (
    <Dialog
      id={definition.dialogId}
      isOpen={isOpen}
      onClose={onClose}
      title={t(definition.titleKey)}
      intro={t(definition.introKey, { discount: percents.friendDiscount })}
      returnFocusRef={returnFocusRef}
    >
      <div key={formKey}>
        {LiveForm && hasOpened ? (
          <LiveForm definition={definition} onSent={onSent} notice={notice} />
        ) : (
          <StaticForm definition={definition} notice={notice} />
        )}
      </div>
    </Dialog>
  );
}
