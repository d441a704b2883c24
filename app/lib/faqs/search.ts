/** What the FAQ filter searches in one entry, as plain text in the page's language. */
export interface SearchableFaq {
  question: string;
  answer: string;
  keywords: string;
}

/**
 * Folds text for comparison: lower case in the page's locale, accents and other combining
 * marks removed (é → e, ü → u, ñ → n), German ß as ss, soft hyphens dropped, and any run of
 * whitespace as one space.
 */
export function foldForSearch(text: string, locale?: string): string {
  return text
    .toLocaleLowerCase(locale)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .replace(/\u00ad/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * SPEC §2 FAQ list filter: true when every word of `query` occurs somewhere in the entry's
 * question, answer text or keywords, ignoring case and accents. A blank query matches all.
 */
export function matchesFaq(entry: SearchableFaq, query: string, locale?: string): boolean {
  const words = foldForSearch(query, locale).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(`${entry.question} ${entry.answer} ${entry.keywords}`, locale);
  return words.every((word) => haystack.includes(word));
}
