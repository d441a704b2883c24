/**
 * The `text` of a link's tracking event (SPEC §3): what a sighted visitor reads on it. Text
 * for screen readers only (`.visually-hidden`, such as "(opens in a new tab)") is left out,
 * images count with their `alt`, and `aria-hidden` content (icons) not at all. A link with
 * no visible text (an icon link named by a visually hidden label) is tracked with that
 * label, still without the hints marked `data-link-hint`; failing that, its `aria-label`.
 */
export function trackedLinkText(link: Element): string {
  return (
    textOf(link, ".visually-hidden") ||
    textOf(link, "[data-link-hint]") ||
    (link.getAttribute("aria-label") ?? "").trim()
  );
}

function textOf(element: Element, skip: string): string {
  return Array.from(element.childNodes, (child) => nodeText(child, skip))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function nodeText(node: Node, skip: string): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (!(node instanceof Element)) return "";
  if (node.matches(skip) || node.getAttribute("aria-hidden") === "true") return "";
  if (node.tagName === "IMG") return ` ${node.getAttribute("alt") ?? ""} `;
  return Array.from(node.childNodes, (child) => nodeText(child, skip)).join("");
}
