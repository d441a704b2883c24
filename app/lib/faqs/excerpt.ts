/**
 * Shortens text to at most `maxChars` characters at a word boundary, adding "…" when cut
 * (meta descriptions of single FAQ pages; search engines show about 155 characters).
 */
export function excerpt(text: string, maxChars = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxChars) return clean;
  const cut = clean.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const base = lastSpace >= maxChars / 2 ? cut.slice(0, lastSpace) : cut;
  return `${base.replace(/[\s,;:.–—-]+$/, "")}…`;
}
