import { expect, test } from "@playwright/test";
import { LOCALES, type Locale, localizePath } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";

/**
 * Product images in the visitor's language (issue 14): a page names only images rendered
 * for its own locale, in its markup and in the data it hydrates from, and a phone gets the
 * screen's phone image instead of the whole desktop screen.
 */

/** Locales named by generated product images anywhere in a text: `budgets-de-1000-<hash>.avif`. */
function imageLocales(text: string): Set<string> {
  const pattern = new RegExp(
    `/assets/[a-z]+(?:-phone)?-(${LOCALES.join("|")})-\\d+-[\\w-]+\\.(?:avif|webp|jpg)`,
    "g",
  );
  return new Set([...text.matchAll(pattern)].map((match) => match[1] ?? ""));
}

const PAGES = ["/", "/features", "/xero"] as const;

for (const locale of LOCALES) {
  test(`${locale}: the landing, features and Xero pages name only ${locale} product images`, async ({
    page,
  }) => {
    for (const path of PAGES) {
      const response = await page.request.get(localizePath(path, locale));
      expect(imageLocales(await response.text()), path).toEqual(new Set([locale]));
      await gotoHydrated(page, localizePath(path, locale));
      const sources = await page
        .locator("main picture :is(source, img)")
        .evaluateAll((elements) =>
          elements.map((element) => element.getAttribute("srcset") ?? element.getAttribute("src")),
        );
      expect(sources.length, path).toBeGreaterThan(0);
      expect(imageLocales(sources.join(" ")), path).toEqual(new Set([locale]));

      // The try-it-free clip and its poster show the product in the page's language too.
      await page.locator("#try-it-free").scrollIntoViewIfNeeded();
      const clip = page.getByLabel(message(locale, "landing.tryItFree.clipLabel"));
      await expect(clip, path).toBeAttached();
      const clipFiles = [
        ...(await clip
          .locator("source")
          .evaluateAll((elements) => elements.map((element) => element.getAttribute("src")))),
        await page.locator("#try-it-free img").getAttribute("src"),
      ];
      expect(clipFiles, path).toHaveLength(3);
      for (const file of clipFiles) {
        expect(file, path).toMatch(
          new RegExp(`^/assets/try-it-free(?:-poster)?-${locale}-[\\w-]+\\.(?:mp4|webm|webp)$`),
        );
      }
    }
  });
}

const masthead = (locale: Locale) => ({
  name: message(locale, "landing.masthead.imageAlt"),
});

test("a phone gets the masthead's phone image at its own aspect ratio, a desktop the whole screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(page, "/de");
  const image = page.getByRole("img", masthead("de"));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/assets\/budgets-phone-de-\d+-[\w-]+\.(avif|webp|jpg)$/);
  // The source's width and height reserve the phone image's own shape before it loads.
  const phone = page.locator("picture", { has: image }).locator("source[media]").first();
  const shape =
    Number(await phone.getAttribute("height")) / Number(await phone.getAttribute("width"));
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalHeight / img.naturalWidth))
    .toBeCloseTo(shape, 2);
  const box = await image.boundingBox();
  expect((box?.height ?? 0) / (box?.width ?? 1)).toBeCloseTo(shape, 2);

  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, "/de");
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/assets\/budgets-de-\d+-[\w-]+\.(avif|webp|jpg)$/);
});

test("the video poster is this locale's own 16:9 frame", async ({ page }) => {
  await gotoHydrated(page, "/fr");
  const button = page.locator("#video").getByRole("button");
  await button.scrollIntoViewIfNeeded();
  const poster = button.locator("img");
  await expect(poster).toHaveAttribute("src", /^\/assets\/poster-fr-1280-[\w-]+\.jpg$/);
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight))
    .toBeCloseTo(16 / 9, 2);
  const box = await poster.boundingBox();
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
});
