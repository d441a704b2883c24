import { SmartLink } from "../ui/smart-link.tsx";

interface TocEntry {
  id: string;
  title: string;
}

interface LegalTocProps {
  label: string;
  entries: readonly TocEntry[];
}

/** The numbered table of contents at the top of a legal page; links scroll smoothly (SPEC §2). */
export function LegalToc({ label, entries }: LegalTocProps) {
  return (
    <nav className="legal-toc" aria-labelledby="legal-toc-heading">
      <h2 id="legal-toc-heading" className="legal-toc__heading">
        {label}
      </h2>
      <ol className="legal-toc__list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <SmartLink href={`#${entry.id}`}>{entry.title}</SmartLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
