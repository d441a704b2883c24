import { useId } from "react";

interface ConsentCategoryProps {
  name: string;
  title: string;
  text: string;
  isChecked: boolean;
  /** Receives focus when the settings layer opens. */
  isAutofocus?: boolean;
  onChange(isChecked: boolean): void;
}

/** One optional cookie category: a switch (a native checkbox) with its title and purpose. */
export function ConsentCategory({
  name,
  title,
  text,
  isChecked,
  isAutofocus = false,
  onChange,
}: ConsentCategoryProps) {
  const id = useId();
  return (
    <div className="consent-category">
      <div>
        <label className="consent-category__title" htmlFor={id}>
          {title}
        </label>
        <p className="consent-category__text" id={`${id}-text`}>
          {text}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        className="consent-switch"
        checked={isChecked}
        aria-checked={isChecked}
        aria-describedby={`${id}-text`}
        data-autofocus={isAutofocus ? "" : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </div>
  );
}
