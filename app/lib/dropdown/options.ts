import { DROPDOWN_OPTION_HEIGHT_PX } from "../referrals/constants.ts";

/** One choice of the dropdown widget: the value posted and the label shown. */
export interface DropdownOption {
  value: string;
  label: string;
}

/** Escapes every character with a meaning in a regular expression (SPEC §4). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * SPEC §4 type-to-filter: the options whose label or value contains the typed text, ignoring
 * case and surrounding spaces, minus the ones already selected. The text is regex-escaped, so
 * typing `1-10`, `(` or `+` matches literally and never throws. Matching the value too lets
 * `100+` find "More than 100" and a typed hyphen find a label written with an en dash.
 */
export function filterOptions(
  options: readonly DropdownOption[],
  inputText: string,
  selectedValues: readonly string[] = [],
): DropdownOption[] {
  const pattern = new RegExp(escapeRegExp(inputText.trim()), "iu");
  return options.filter(
    (option) =>
      !selectedValues.includes(option.value) &&
      (pattern.test(option.label) || pattern.test(option.value)),
  );
}

/**
 * Whether a creatable dropdown offers "Add '{name}'" for the typed text: something was
 * typed and no option already has that label (case-insensitive).
 */
export function canCreateOption(options: readonly DropdownOption[], inputText: string): boolean {
  const name = inputText.trim().toLocaleLowerCase();
  return name !== "" && !options.some((option) => option.label.toLocaleLowerCase() === name);
}

/** Where the list opens and how tall it may be. `maxHeightPx` null means "no scrollbar". */
export interface ListLayout {
  placement: "below" | "above";
  maxHeightPx: number | null;
}

/**
 * SPEC §4: the list shows without scrolling when there is room for 35 px per option. It
 * opens below the field when the options fit there, above when they only fit there, and
 * otherwise on the roomier side, scrolling within that space.
 *
 * @param optionCount rows in the list (including "Add …" or "No more options")
 * @param spaceBelowPx viewport pixels between the field's bottom and the viewport's bottom
 * @param spaceAbovePx viewport pixels between the viewport's top and the field's top
 */
export function listLayout(
  optionCount: number,
  spaceBelowPx: number,
  spaceAbovePx: number,
  optionHeightPx: number = DROPDOWN_OPTION_HEIGHT_PX,
): ListLayout {
  const neededPx = Math.max(optionCount, 1) * optionHeightPx;
  if (spaceBelowPx >= neededPx) return { placement: "below", maxHeightPx: null };
  if (spaceAbovePx >= neededPx) return { placement: "above", maxHeightPx: null };
  const placement = spaceBelowPx >= spaceAbovePx ? "below" : "above";
  const room = Math.max(placement === "below" ? spaceBelowPx : spaceAbovePx, optionHeightPx);
  return { placement, maxHeightPx: Math.floor(room) };
}

export function isSameLayout(a: ListLayout, b: ListLayout): boolean {
  return a.placement === b.placement && a.maxHeightPx === b.maxHeightPx;
}

/** Where a row sits in its list, and how much of the list shows, in px. */
export interface RowInList {
  rowTop: number;
  rowHeight: number;
  listScrollTop: number;
  listHeight: number;
}

/**
 * The list's scroll position that shows a row whole, moving as little as it can (as
 * Downshift does for the highlighted row): the same position when the row already shows.
 */
export function scrollTopShowingRow({
  rowTop,
  rowHeight,
  listScrollTop,
  listHeight,
}: RowInList): number {
  if (rowTop < listScrollTop) return rowTop;
  if (rowTop + rowHeight > listScrollTop + listHeight) return rowTop + rowHeight - listHeight;
  return listScrollTop;
}
