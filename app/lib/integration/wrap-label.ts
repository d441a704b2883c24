/**
 * Breaks a label into lines of at most `maxChars` characters at spaces, for SVG `<text>`,
 * which does not wrap by itself. A single word longer than `maxChars` keeps a line of its
 * own rather than being cut. Lines past `maxLines` are joined onto the last one, so no text
 * is ever dropped. Whitespace runs collapse to one space; an empty label gives no lines.
 */
export function wrapLabel(text: string, maxChars: number, maxLines = Number.POSITIVE_INFINITY) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines) - 1);
  return [...kept, lines.slice(kept.length).join(" ")];
}
