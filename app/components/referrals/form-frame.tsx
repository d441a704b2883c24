import type { FormEventHandler, ReactNode, Ref } from "react";
import { useT } from "../../hooks/use-t.ts";
import { FORM_ENDPOINTS } from "../../lib/referrals/constants.ts";
import type { FormDefinition } from "./form-definitions.ts";
import "./referral-forms.css";

/** One entry of the form-level error summary. */
export interface SummaryItem {
  fieldId: string;
  label: string;
  message: string;
}

interface FormFrameProps {
  definition: FormDefinition;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The live form validates itself; the script-less one relies on the browser. */
  isLive?: boolean;
  isSubmitting?: boolean;
  /** SPEC §5: shown under `form.errorTitle` only after a failed submit. */
  summary?: readonly SummaryItem[];
  /** Polite message when the post did not get through. */
  status?: string;
  children: ReactNode;
}

/**
 * A real `<form method="post">` posting to the API (progressive enhancement), with the
 * form-level error summary, a polite status line and a submit button that shows progress.
 */
export function FormFrame({
  definition,
  formRef,
  onSubmit,
  isLive = false,
  isSubmitting = false,
  summary = [],
  status,
  children,
}: FormFrameProps) {
  const t = useT();
  return (
    <form
      ref={formRef}
      className="referral-form"
      method="post"
      action={FORM_ENDPOINTS[definition.kind]}
      noValidate={isLive}
      onSubmit={onSubmit}
      aria-busy={isSubmitting || undefined}
    >
      <div role="alert" className="form-summary-region">
        {summary.length > 0 ? (
          <div className="form-summary">
            <h3 className="form-summary__title">{t("form.errorTitle")}</h3>
            <ul className="form-summary__list">
              {summary.map((item) => (
                <li key={item.fieldId}>
                  <a href={`#${item.fieldId}`}>
                    {t("form.errorItem", { field: item.label, error: item.message })}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {children}
      <p className="form-status" role="status">
        {status}
      </p>
      <div className="referral-form__actions">
        <button
          type="submit"
          className="button button--primary button--large referral-form__submit"
          aria-disabled={isSubmitting || undefined}
          // Keeps focus in the field while pressing: its blur would show its error and push
          // this button down before the press ends, and the click would be lost.
          onMouseDown={isLive ? (event) => event.preventDefault() : undefined}
        >
          {isSubmitting ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {t("form.submitting")}
            </>
          ) : (
            t(definition.submitKey)
          )}
        </button>
      </div>
    </form>
  );
}
