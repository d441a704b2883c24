import type { Page } from "@playwright/test";

/** Frames in a row without a scroll change before a wheel's scroll counts as finished. */
const STILL_FRAMES = 5;
/** Frames to wait for a wheel's scroll to begin before taking it that the page cannot move. */
const START_FRAMES = 30;

/**
 * Turns the mouse wheel like a visitor and waits until the page has stopped scrolling.
 * `page.mouse.wheel` returns before Chromium's animated wheel scroll ends, and a scroll the
 * test makes while that animation runs can be undone by it (the animation has an absolute
 * target): the page then lands back where the wheel was heading, not where the test sent it.
 */
export async function wheelAndSettle(page: Page, deltaY: number): Promise<void> {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(
    ({ before, stillFrames, startFrames }) =>
      new Promise<void>((resolve) => {
        let frames = 0;
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          frames += 1;
          const hasMoved = window.scrollY !== before || frames >= startFrames;
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (hasMoved && still >= stillFrames) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { before, stillFrames: STILL_FRAMES, startFrames: START_FRAMES },
  );
}
