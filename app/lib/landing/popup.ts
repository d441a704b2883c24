/**
 * The `window.open` features string of a pop-up of `width` x `height` CSS px centred on the
 * visitor's screen, shrunk to fit a smaller screen and never placed off its top-left edge.
 */
export function popupFeatures(
  screen: { width: number; height: number; left?: number; top?: number },
  width: number,
  height: number,
): string {
  const w = Math.max(0, Math.min(width, screen.width));
  const h = Math.max(0, Math.min(height, screen.height));
  const left = Math.max(0, Math.round((screen.left ?? 0) + (screen.width - w) / 2));
  const top = Math.max(0, Math.round((screen.top ?? 0) + (screen.height - h) / 2));
  return `popup=yes,width=${w},height=${h},left=${left},top=${top}`;
}
