import type { ReactNode } from "react";
import { sectionId } from "../../content/legal.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { LegalToc } from "./legal-toc.tsx";
import "./legal.css";

interface LegalSection {
  title: string;
  body: ReactNode;
  /** Rendered after the body, such as the cookie table. */
  extra?: ReactNode;
}

interface LegalDocumentProps {
  heading: string;
  intro: string;
  updated: string;
  /** Which language version prevails, where the document says so. */
  languageNote?: string;
  tocLabel: string;
  sections: readonly LegalSection[];
}

/**
 * A legal page (terms, privacy policy, accessibility statement): header, table of contents,
 * then numbered sections with ids `section-1` … so that links such as
 * `/privacy-policy#section-11` land on them.
 */
export function LegalDocument({
  heading,
  intro,
  updated,
  languageNote,
  tocLabel,
  sections,
}: LegalDocumentProps) {
  const numbered = sections.map((section, index) => ({
    ...section,
    id: sectionId(index),
    title: `${index + 1}. ${section.title}`,
  }));
  // The contents list is an <ol>: its markers number the entries, so they take bare titles.
  const contents = sections.map((section, index) => ({
    id: sectionId(index),
    title: section.title,
  }));
  return (
    <>
      <PageHeader heading={heading} intro={intro}>
        <p className="legal-updated">{updated}</p>
      </PageHeader>
      <div className="container legal-layout">
        <LegalToc label={tocLabel} entries={contents} />
        <article className="legal-body">
          {numbered.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="legal-section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              <div className="prose">{section.body}</div>
              {section.extra}
            </section>
          ))}
          {languageNote ? <p className="legal-language">{languageNote}</p> : null}
        </article>
      </div>
    </>
  );
}
