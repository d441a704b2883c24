import { ConfirmationModal } from "./confirmation-modal.tsx";
import { PARTNER_FORM, REFERRAL_FORM } from "./form-definitions.ts";
import { FormModal } from "./form-modal.tsx";
import type { ReferralForms } from "./use-referral-forms.ts";

/** Both form modals and the confirmation that follows them (in this order: see Dialog). */
export function ReferralModals({ forms }: { forms: ReferralForms }) {
  return (
    <>
      {[REFERRAL_FORM, PARTNER_FORM].map((definition) => (
        <FormModal
          key={definition.kind}
          definition={definition}
          isOpen={forms.openForm === definition.kind}
          onClose={() => forms.close(definition.kind)}
          onSent={(values) => forms.sent(definition.kind, values)}
          LiveForm={forms.LiveForm}
          formKey={forms.formKeys[definition.kind]}
          wasRejected={forms.rejectedForm === definition.kind}
          returnFocusRef={forms.triggers[definition.kind]}
        />
      ))}
      {forms.confirmation ? (
        <ConfirmationModal
          confirmation={forms.confirmation}
          isOpen={forms.isConfirmationOpen}
          onClose={forms.closeConfirmation}
          returnFocusRef={forms.triggers[forms.confirmation.kind]}
        />
      ) : null}
    </>
  );
}
