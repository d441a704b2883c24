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

/**
 * Points spread over a rectangle grown by `margin` on every side, at most `step` pixels
 * apart, edges included: where to ask the page what lies under a floating element.
 */
export function gridPoints(rect: Rect, margin: number, step: number): Array<[number, number]> {
  const left = rect.left - margin;
  const top = rect.top - margin;
  const width = rect.right - rect.left + 2 * margin;
  const height = rect.bottom - rect.top + 2 * margin;
  if (width <= 0 || height <= 0) return [];
  const columns = Math.ceil(width / step);
  const rows = Math.ceil(height / step);
  const points: Array<[number, number]> = [];
  for (let row = 0; row <= rows; row += 1) {
    for (let column = 0; column <= columns; column += 1) {
      points.push([left + (width * column) / columns, top + (height * row) / rows]);
    }
  }
  return points;
}
