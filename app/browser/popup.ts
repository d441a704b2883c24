import { POPUP_DELAY_MS, POPUP_HEIGHT_PX, POPUP_WIDTH_PX } from "../lib/landing/constants.ts";
import { popupFeatures } from "../lib/landing/popup.ts";

/**
 * SPEC §2: the try-it-free buttons open a pop-up window after 50 ms. The window is centred
 * and loses its `opener` so the page it shows cannot reach back into ours. When a blocker
 * stops it, the visitor goes to the page in this tab instead of nowhere.
 */
export function openPopupAfterDelay(url: string, name: string, delayMs = POPUP_DELAY_MS): void {
  window.setTimeout(() => {
    const { availWidth, availHeight } = window.screen;
    const screenBox = {
      width: availWidth || window.outerWidth,
      height: availHeight || window.outerHeight,
      left: window.screenX,
      top: window.screenY,
    };
    const popup = window.open(url, name, popupFeatures(screenBox, POPUP_WIDTH_PX, POPUP_HEIGHT_PX));
    if (popup) popup.opener = null;
    else window.location.assign(url);
  }, delayMs);
}
