import type { ReactNode } from "react";
import "./field.css";

export interface FieldProps {
  /** Id of the control the label points at. */
  id: string;
  label: string;
  /** Shown beside the label, e.g. "(optional)". */
  optionalText?: string;
  /** The message to show; pass one only when the field is touched and invalid (SPEC §5). */
  error?: string;
  /** Renders the control with the ARIA attributes that tie it to the label's error. */
  children: (aria: FieldAria) => ReactNode;
}

/** ARIA attributes a field's control carries. */
export interface FieldAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The id of a field's error message. */
function errorIdOf(id: string): string {
  return `${id}-error`;
}

/** The id of a field's label (a combobox names its list after it). */
export function labelIdOf(id: string): string {
  return `${id}-label`;
}

/**
 * Ties a label, a control and its error once: `aria-invalid` and
 * `aria-describedby` are set only while an error shows.
 */
export function Field({ id, label, optionalText, error, children }: FieldProps) {
  const errorId = errorIdOf(id);
  return (
    <div className="field" data-invalid={error ? "true" : undefined}>
      <label className="field__label" htmlFor={id} id={labelIdOf(id)}>
        {label}
        {optionalText ? <span className="field__optional"> {optionalText}</span> : null}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
