/**
 * Which landing section the visitor is reading, for the address hash (SPEC §2: the landing
 * section scroll writes the section id into the address unless 'unpop' is set).
 */

export interface SectionBox {
  id: string;
  /** Distance of the section's top edge from the top of the viewport, in CSS pixels. */
  top: number;
  /** Distance of the section's bottom edge from the top of the viewport, in CSS pixels. */
  bottom: number;
}

/**
 * The id of the section crossing the reading line (`readingLine` px from the viewport top),
 * or null when none does (the visitor is above the first tracked section, or in a gap).
 * Sections are checked in document order; the first one spanning the line wins.
 */
export function sectionAtReadingLine(
  sections: readonly SectionBox[],
  readingLine: number,
): string | null {
  const hit = sections.find(
    (section) => section.top <= readingLine && section.bottom > readingLine,
  );
  return hit?.id ?? null;
}

/**
 * The address to write for the current section: the same path and query with `#id`, or with
 * no fragment when no section is current. Returns null when the address is already right.
 */
export function addressForSection(
  current: { pathname: string; search: string; hash: string },
  sectionId: string | null,
): string | null {
  const hash = sectionId ? `#${encodeURIComponent(sectionId)}` : "";
  if (current.hash === hash || (hash === "" && current.hash === "#")) return null;
  return `${current.pathname}${current.search}${hash}`;
}

/**
 * Whether hash syncing is off: a truthy `unpop` query value (`?unpop`, `?unpop=1`,
 * `?unpop=true`) turns it off; `?unpop=0` and `?unpop=false` leave it on.
 */
export function isUnpopSet(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has("unpop")) return false;
  const value = (params.get("unpop") ?? "").toLowerCase();
  return value !== "0" && value !== "false";
}
