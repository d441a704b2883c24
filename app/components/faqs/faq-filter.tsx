import { useId } from "react";
import { useT } from "../../hooks/use-t.ts";

interface FaqFilterProps {
  value: string;
  onChange: (value: string) => void;
  /** Id of the live status that reports how many questions match. */
  statusId: string;
}

/** The labelled text box that narrows the FAQ list (SPEC §2). */
export function FaqFilter({ value, onChange, statusId }: FaqFilterProps) {
  const t = useT();
  const id = useId();
  return (
    <search className="faq-filter">
      <label htmlFor={id} className="faq-filter__label">
        {t("faqs.filter.label")}
      </label>
      <div className="faq-filter__field">
        <svg className="faq-filter__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8" />
        </svg>
        <input
          id={id}
          type="search"
          className="faq-filter__input"
          value={value}
          placeholder={t("faqs.filter.placeholder")}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </search>
  );
}
