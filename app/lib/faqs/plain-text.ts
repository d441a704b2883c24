import { type CompiledMessage, withoutSoftHyphens } from "../i18n/translator.ts";

/** The subset of the ICU AST this reads: literals, tags with children, anything else. */
interface Element {
  type: number;
  value?: unknown;
  children?: Element[];
}

// @formatjs/icu-messageformat-parser TYPE values: 0 literal, 8 tag.
const LITERAL = 0;
const TAG = 8;

/** Tags that end a block of text, so "</p><p>" reads as two sentences, not one word. */
const BLOCK_TAGS = new Set(["p", "li", "ul", "ol"]);

/**
 * The visible text of a compiled rich message (FAQ answers with `<p>`, `<li>` and link tags),
 * for search and structured data: literal text and tag contents, blocks separated by a space.
 * Placeholders and soft hyphens are left out; whitespace is collapsed.
 */
export function plainText(message: CompiledMessage | undefined): string {
  if (message === undefined) return "";
  const text = typeof message === "string" ? message : collect(message as Element[]);
  return withoutSoftHyphens(text).replace(/\s+/g, " ").trim();
}

function collect(elements: Element[]): string {
  return elements
    .map((element) => {
      if (element.type === LITERAL && typeof element.value === "string") return element.value;
      if (element.type === TAG && element.children) {
        const inner = collect(element.children);
        return BLOCK_TAGS.has(String(element.value)) ? ` ${inner} ` : inner;
      }
      return "";
    })
    .join("");
}
