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

/**
 * Holds back one chunk (a later part's code, which comes after the start) until the test
 * releases it. Registered after `holdAppScripts`, it answers first for its chunk
 * (Playwright runs the last matching route first).
 */
export async function holdChunk(
  page: Page,
  chunk: RegExp,
): Promise<{ release(): void; wasRequested(): boolean }> {
  let letThrough: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  let requested = false;
  await page.route(chunk, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release: () => letThrough(), wasRequested: () => requested };
}
