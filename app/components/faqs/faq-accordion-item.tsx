import { type ReactNode, useEffect, useId, useRef, useState } from "react";
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
 * SPEC §4 FAQ item as a native disclosure: `<details>` with the question's heading in its
 * `<summary>`, so a question opens and closes before the app has started (docs/decisions/
 * 0009) and the browser exposes the expanded state. Once the app runs it takes over the
 * summary's clicks: the state changes at once, the content's `faq-item__content--open`
 * class toggles 500 ms later while the panel animates, and a closing panel stays in the
 * `<details>` (inert) until the animation is over. A question opened before the start, or
 * by the browser's find-in-page, is adopted as open.
 */
export function FaqAccordionItem({
  question,
  answer,
  href,
  hrefLabel,
  headingLevel = 2,
}: FaqAccordionItemProps) {
  const id = useId();
  const ref = useRef<HTMLDetailsElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isContentOpen, setIsContentOpen] = useState(false);

  useEffect(() => {
    if (ref.current?.open) setIsOpen(true);
  }, []);

  useEffect(() => {
    if (isOpen === isContentOpen) return;
    const timer = window.setTimeout(() => setIsContentOpen(isOpen), FAQ_CONTENT_TOGGLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen, isContentOpen]);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const panelId = `${id}-panel`;
  const isClosing = isContentOpen && !isOpen;
  return (
    <div className={href ? "faq-item faq-item--linked" : "faq-item"}>
      <details
        ref={ref}
        className="faq-item__details"
        open={isOpen || isContentOpen}
        data-closing={isClosing ? "" : undefined}
        onToggle={(event) => {
          if (event.currentTarget.open) setIsOpen(true);
        }}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the browser's own disclosure button; the app only times its content */}
        <summary
          className="faq-item__button"
          aria-controls={panelId}
          onClick={(event) => {
            event.preventDefault();
            setIsOpen((open) => !open);
          }}
        >
          <Heading className="faq-item__heading">{question}</Heading>
          <span className="faq-item__chevron" aria-hidden="true" />
        </summary>
        <div
          id={panelId}
          className={`faq-item__content${isContentOpen ? " faq-item__content--open" : ""}`}
          inert={isClosing}
        >
          <div className="faq-item__body">{answer}</div>
        </div>
      </details>
      {href ? (
        <SmartLink href={href} className="faq-item__permalink" aria-label={hrefLabel}>
          <PermalinkIcon />
        </SmartLink>
      ) : null}
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
