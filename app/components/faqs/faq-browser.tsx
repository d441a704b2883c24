import { useDeferredValue, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { FaqSlug } from "../../content/faqs.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useT } from "../../hooks/use-t.ts";
import { FAQ_QUERY_PARAM } from "../../lib/faqs/constants.ts";
import type { FaqEntry } from "../../lib/faqs/entries.ts";
import { matchesFaq } from "../../lib/faqs/search.ts";
import { FaqAccordionItem } from "./faq-accordion-item.tsx";
import { FaqFilter } from "./faq-filter.tsx";
import { RICH_TAGS } from "./rich-answer.tsx";

interface FaqBrowserProps {
  entries: ReadonlyArray<FaqEntry<FaqSlug>>;
}

/**
 * SPEC §2 FAQ list: a filter over question, answer and keywords, kept in `?q=` (replacing
 * the history entry, so typing does not fill the back button), and the questions as an
 * accordion, each linking to its own page.
 */
export function FaqBrowser({ entries }: FaqBrowserProps) {
  const t = useT();
  const statusId = useId();
  const isHydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  // Null until the visitor types: until then the address decides, and it is read only
  // after hydration, so the prerendered list is always the unfiltered one.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? (isHydrated ? (searchParams.get(FAQ_QUERY_PARAM) ?? "") : "");

  const handleChange = (value: string) => {
    setTyped(value);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value.trim() === "") next.delete(FAQ_QUERY_PARAM);
        else next.set(FAQ_QUERY_PARAM, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const query = useDeferredValue(text);
  const visible = useMemo(
    () => entries.filter((entry) => matchesFaq(entry, query, t.locale)),
    [entries, query, t.locale],
  );
  const hasQuery = query.trim() !== "";

  return (
    <div className="faq-browser">
      <FaqFilter value={text} onChange={handleChange} statusId={statusId} />
      <p id={statusId} className="faq-browser__status" role="status">
        {hasQuery ? t("faqs.filter.results", { count: visible.length }) : ""}
      </p>
      {visible.length > 0 ? (
        <div className="faq-list">
          {visible.map((entry) => (
            <FaqAccordionItem
              key={entry.id}
              question={entry.question}
              answer={t.rich(`faqs.items.${entry.id}.answer`, RICH_TAGS)}
              href={`/faqs/${entry.id}`}
              hrefLabel={t("faqs.openPage", { question: entry.question })}
            />
          ))}
        </div>
      ) : (
        <div className="faq-browser__empty">
          <p className="faq-browser__empty-title">
            {t("faqs.filter.noResults", { search: query.trim() })}
          </p>
          <p>{t.rich("faqs.filter.noResultsHelp", RICH_TAGS)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => handleChange("")}
          >
            {t("faqs.filter.clear")}
          </button>
        </div>
      )}
    </div>
  );
}
