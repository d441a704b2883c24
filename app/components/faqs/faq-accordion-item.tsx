import { type ReactNode, useEffect, useId, useState } from "react";
import { FAQ_CONTENT_TOGGLE_DELAY_MS } from "../../lib/faqs/constants.ts";
import { SmartLink } from "../ui/smart-link.tsx";

interface FaqAccordionItemProps {
  question: string;
  answer: ReactNode;
  /** The question's own page, when it has one. */
  href?: string;
  /** Accessible name of the link to the question's own page. */
  hrefLabel?: string;
  headingLevel?: 2 | 3;
}

/**
 * SPEC §4 FAQ item, built as the WAI-ARIA accordion pattern: a button inside a heading with
 * `aria-expanded` and `aria-controls`. The button state changes at once; the content's
 * `faq-item__content--open` class toggles 500 ms later, while the panel animates. A closed
 * panel is `hidden` (and `inert` while it closes), so nothing inside it can be focused or read.
 */
export function FaqAccordionItem({
  question,
  answer,
  href,
  hrefLabel,
  headingLevel = 2,
}: FaqAccordionItemProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isContentOpen, setIsContentOpen] = useState(false);

  useEffect(() => {
    if (isOpen === isContentOpen) return;
    const timer = window.setTimeout(() => setIsContentOpen(isOpen), FAQ_CONTENT_TOGGLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen, isContentOpen]);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const panelId = `${id}-panel`;
  const buttonId = `${id}-button`;
  const isVisible = isOpen || isContentOpen;
  return (
    <div className="faq-item" data-state={isOpen ? "open" : "closed"}>
      <div className="faq-item__header">
        <Heading className="faq-item__heading">
          <button
            type="button"
            id={buttonId}
            className="faq-item__button"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setIsOpen((open) => !open)}
          >
            <span>{question}</span>
            <span className="faq-item__chevron" aria-hidden="true" />
          </button>
        </Heading>
        {href ? (
          <SmartLink href={href} className="faq-item__permalink" aria-label={hrefLabel}>
            <PermalinkIcon />
          </SmartLink>
        ) : null}
      </div>
      <div
        id={panelId}
        className={`faq-item__content${isContentOpen ? " faq-item__content--open" : ""}`}
        hidden={!isVisible}
        inert={!isOpen}
      >
        <div className="faq-item__body">{answer}</div>
      </div>
    </div>
  );
}

function PermalinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2 M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
