export type LinkKind = "fragment" | "internal" | "external";

/**
 * How a link behaves (SPEC §2): `#id` scrolls within the page, `/path` navigates in the app,
 * anything else (http, mailto) is external and is tracked before it opens.
 */
export function linkKind(href: string): LinkKind {
  if (href.startsWith("#")) return "fragment";
  if (href.startsWith("/") && !href.startsWith("//")) return "internal";
  return "external";
}

/** The element id a fragment or path-with-fragment points at, or null. */
export function fragmentId(href: string): string | null {
  const index = href.indexOf("#");
  if (index === -1) return null;
  const id = decodeURIComponent(href.slice(index + 1));
  return id === "" ? null : id;
}

/** External http(s) links open in a new window; mailto and tel hand over to the OS. */
export function opensNewWindow(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
