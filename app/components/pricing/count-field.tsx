import type { ReactNode } from "react";

interface CountFieldProps {
  id: string;
  label: ReactNode;
  /** Extra text under the label (price or hint), linked with `aria-describedby`. */
  description?: ReactNode;
  value: string;
  /** Smallest value the rules accept (SPEC §5); the minus stepper stops there. */
  min: number;
  decreaseLabel: string;
  increaseLabel: string;
  isLarge?: boolean;
  onChange(raw: string): void;
  onBlur(): void;
  onStep(delta: 1 | -1): void;
}

/**
 * A labelled whole-number input with − and + steppers. The steppers stay focusable at the
 * minimum (`aria-disabled`) so keyboard focus is never lost while stepping down.
 */
export function CountField({
  id,
  label,
  description,
  value,
  min,
  decreaseLabel,
  increaseLabel,
  isLarge = false,
  onChange,
  onBlur,
  onStep,
}: CountFieldProps) {
  const descriptionId = `${id}-description`;
  const current = Number(value);
  const isAtMinimum = value.trim() !== "" && Number.isFinite(current) && current <= min;
  return (
    <div className={isLarge ? "count-field count-field--large" : "count-field"}>
      <div className="count-field__text">
        <label className="count-field__label" htmlFor={id}>
          {label}
        </label>
        {description ? (
          <p className="count-field__description" id={descriptionId}>
            {description}
          </p>
        ) : null}
      </div>
      <div className="count-field__control">
        <button
          type="button"
          className="count-field__step"
          aria-label={decreaseLabel}
          aria-controls={id}
          aria-disabled={isAtMinimum}
          onClick={(event) => {
            focusOnTap(event.currentTarget);
            if (!isAtMinimum) onStep(-1);
          }}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="count-field__input"
          type="number"
          inputMode="numeric"
          min={min}
          step={1}
          value={value}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
        <button
          type="button"
          className="count-field__step"
          aria-label={increaseLabel}
          aria-controls={id}
          onClick={(event) => {
            focusOnTap(event.currentTarget);
            onStep(1);
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}

/**
 * Safari does not focus a button it taps. The calculator shows its sticky total on phones
 * while focus is among the counts, so a tapped stepper takes focus as it does elsewhere.
 */
function focusOnTap(button: HTMLButtonElement): void {
  if (document.activeElement !== button) button.focus({ preventScroll: true });
}
