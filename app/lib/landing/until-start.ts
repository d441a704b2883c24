/**
 * Matches only where the browser runs scripts: a source behind it is never chosen by a
 * visitor without JavaScript, nor by a browser that does not know the feature.
 */
export const WITH_SCRIPTS = "(scripting: enabled)";

/**
 * A blank image in the proportions of a `width` × `height` image, for a source the browser
 * chooses until the app has started. Its own proportions are what count once it has
 * loaded (a 1×1 GIF drew a square), so it is an SVG with that view box, URL-encoded for a
 * `srcset` (which splits at whitespace).
 */
export function blankImage(width: number, height: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"/>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
