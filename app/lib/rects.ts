/** A rectangle in viewport pixels, as `getBoundingClientRect` gives it. */
export interface Rect {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Whether two rectangles share any area, with `margin` pixels of clearance around `a`.
 * Touching edges do not overlap; an empty rectangle (width or height 0) overlaps nothing.
 */
export function rectsOverlap(a: Rect, b: Rect, margin = 0): boolean {
  if (a.right <= a.left || a.bottom <= a.top || b.right <= b.left || b.bottom <= b.top) {
    return false;
  }
  return (
    a.left - margin < b.right &&
    b.left < a.right + margin &&
    a.top - margin < b.bottom &&
    b.top < a.bottom + margin
  );
}
