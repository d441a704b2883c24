/**
 * Index arithmetic shared by the selling points and the testimonials carousel (SPEC §4):
 * previous from the first goes to the last, next from the last goes to the first.
 */

/**
 * Wraps any integer index into `0 … length - 1` (negative indexes count back from the end).
 * Returns 0 for an empty list so callers never index out of range.
 */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0 || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return ((whole % length) + length) % length;
}

/** The index after `index`, wrapping from the last to the first. */
export function nextIndex(index: number, length: number): number {
  return wrapIndex(index + 1, length);
}

/** The index before `index`, wrapping from the first to the last. */
export function previousIndex(index: number, length: number): number {
  return wrapIndex(index - 1, length);
}

/** The item after `current` in `items`, wrapping; the first item when `current` is unknown. */
export function nextItem<T>(items: readonly T[], current: T): T | undefined {
  const index = items.indexOf(current);
  return items[index === -1 ? 0 : nextIndex(index, items.length)];
}

/** The item before `current` in `items`, wrapping; the last item when `current` is unknown. */
export function previousItem<T>(items: readonly T[], current: T): T | undefined {
  const index = items.indexOf(current);
  return items[index === -1 ? items.length - 1 : previousIndex(index, items.length)];
}
