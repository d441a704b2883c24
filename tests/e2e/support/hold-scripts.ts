import { expect, type Page } from "@playwright/test";
import { isHydrated, waitForHydration } from "./pages.ts";

/**
 * Holds back every script of the app (the boot script imports them after the first paint)
 * until the test releases them, so that it can act on the prerendered page before the app
 * starts, deterministically. `release` lets them through and waits for the app to start.
 */
export async function holdAppScripts(page: Page): Promise<{ release(): Promise<void> }> {
  let letThrough: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    async release() {
      expect(await page.evaluate(isHydrated), "the app started while its scripts were held").toBe(
        false,
      );
      letThrough();
      await waitForHydration(page);
    },
  };
}
