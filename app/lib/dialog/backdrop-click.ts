import { BACKDROP_CLICK_TOLERANCE_PX } from "../referrals/constants.ts";

/** A pointer position in viewport pixels. */
export interface Point {
  x: number;
  y: number;
}

/** The dialog box's edges in viewport pixels (as from `getBoundingClientRect`). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** True when the point lies outside the box, i.e. on the backdrop. Edges count as inside. */
export function isOutsideBox(point: Point, box: Box): boolean {
  return point.x < box.left || point.x > box.right || point.y < box.top || point.y > box.bottom;
}

/**
 * SPEC §4: a click on the backdrop closes the modal only when the press began within
 * `tolerancePx` (10 px) of where it was released. Both ends must be on the backdrop, so a
 * text selection dragged from a field to outside the box never closes the form.
 *
 * @param press where the pointer went down, or null if it went down elsewhere
 * @param release where the pointer came up
 * @param box the dialog's content box
 */
export function isBackdropClick(
  press: Point | null,
  release: Point,
  box: Box,
  tolerancePx: number = BACKDROP_CLICK_TOLERANCE_PX,
): boolean {
  if (!press) return false;
  if (!isOutsideBox(press, box) || !isOutsideBox(release, box)) return false;
  return Math.hypot(release.x - press.x, release.y - press.y) <= tolerancePx;
}
