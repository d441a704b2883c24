import { expect, type Page, test } from "@playwright/test";
import { holdAppScripts } from "./support/hold-scripts.ts";

/**
 * A product screenshot below the first screen waits for the app to start (decision record
 * 0019): while the page's scripts are on their way it shows a blank of its own size, and
 * once the part has hydrated it loads as it nears the viewport, as a lazy image does. The
 * largest paint's image loads at once, and a visitor without JavaScript gets every
 * screenshot as before.
 */

const PHONE = { width: 412, height: 823 };
/** A generated product image: `budgets-phone-en-760-<hash>.avif`. */
const PRODUCT_IMAGE = /\/assets\/([a-z]+)(?:-phone)?-[a-z]{2}-\d+-[\w-]+\.(?:avif|webp|jpg)$/;

/** The screens whose images the page has asked for, in order. */
function recordImageRequests(page: Page): string[] {
  const screens: string[] = [];
  page.on("request", (request) => {
    const screen = PRODUCT_IMAGE.exec(new URL(request.url()).pathname)?.[1];
    if (screen !== undefined) screens.push(screen);
  });
  return screens;
}

/**
 * Opens `path` with the app's scripts held back, once the boot script has laid out every
 * section (where a lazy image near the viewport would be asked for) and waits for them.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  const screens = recordImageRequests(page);
  const scripts = await holdAppScripts(page);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-whole-page", "");
  return { screens, scripts };
}

/** Whether the image shows a generated product image, loaded and decoded. */
function showsProductImage(image: ReturnType<Page["locator"]>): Promise<boolean> {
  return image.evaluate(
    (img: HTMLImageElement, source) =>
      img.complete && img.naturalWidth > 1 && new RegExp(source).test(img.currentSrc),
    PRODUCT_IMAGE.source,
  );
}

test.describe("screenshots below the first screen, with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("/features: none is asked for before the start; after it, each as it nears view, in a box that keeps its size", async ({
    page,
  }) => {
    const { screens, scripts } = await openWithScriptsHeld(page, "/features");
    const steps = page.locator(".numbered-section img");
    await expect(steps).toHaveCount(5);
    const first = steps.first();
    const last = steps.last();
    const before = await first.boundingBox();
    expect(before?.height ?? 0).toBeGreaterThan(100);
    expect(screens).toEqual([]);

    await scripts.release();
    await expect.poll(() => showsProductImage(first)).toBe(true);
    expect(await first.boundingBox()).toEqual(before);
    // Far down the page, the last step's image still waits for the visitor to come near (an
    // image that had shown its blank would load its real source at once, wherever it is).
    // How near is the browser's own choice (Chromium's lazy-load distance follows its estimate
    // of the connection), so the steps between may or may not have loaded by now.
    await page.waitForLoadState("networkidle");
    const lastScreen = await last.evaluate((img) => img.closest("li")?.id);
    expect(lastScreen).toBe("step-report");
    const beforeScroll = [...screens];
    expect(beforeScroll[0]).toBe("budgets");
    expect(beforeScroll.length).toBeLessThan(5);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => showsProductImage(last)).toBe(true);
    const lastImage = screens.at(-1);
    expect(beforeScroll).not.toContain(lastImage);
    expect(screens).toHaveLength(new Set(screens).size);
  });

  test("/: the masthead's image loads before the start, the 'why use' screenshot after it", async ({
    page,
  }) => {
    const { screens, scripts } = await openWithScriptsHeld(page, "/");
    await expect.poll(() => showsProductImage(page.locator(".masthead img"))).toBe(true);
    expect(screens).toEqual(["budgets"]);

    await scripts.release();
    const whyUse = page.locator(".why-use__panel img");
    await whyUse.scrollIntoViewIfNeeded();
    await expect.poll(() => showsProductImage(whyUse)).toBe(true);
    expect(screens.slice(1)).toEqual(["rules"]);
  });
});

test.describe("screenshots without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("/features: every step's screenshot loads as it comes into view", async ({ page }) => {
    await page.goto("/features");
    const steps = page.locator(".numbered-section img");
    await expect(steps).toHaveCount(5);
    for (const image of await steps.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => showsProductImage(image)).toBe(true);
    }
  });
});
