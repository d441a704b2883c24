import { expect, type Page, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { gotoHydrated } from "./support/pages.ts";
import { standInForThirdParties, storeConsent } from "./support/third-party.ts";

/**
 * Visual baselines (issue 14): the landing, pricing and referrals pages at a phone width
 * (the whole page) and a laptop width (the first screen) in every locale, compared with the
 * PNGs committed beside this file (`visual.spec.ts-snapshots/`). A change that was not meant fails here; a change that was
 * meant is accepted by regenerating them and reviewing the images in the diff:
 *
 *   npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 *
 * Everything that varies between two loads of an unchanged page is pinned, so that a failure
 * means the page changed:
 * - consent: a returning visitor who chose 'Reject all' (the stored consent cookie), so no
 *   banner, no tag and no video player, only its poster;
 * - motion: reduced motion is emulated (the testimonials carousel then stays on its first
 *   quote, as for a visitor who asked for it) and CSS animations and transitions are
 *   finished by the screenshot (`animations: "disabled"`, playwright.config.ts);
 * - chat: the bubble's widget loads only when a visitor reaches for it, so it shows its
 *   'unavailable' state; vendors are stood in for (nothing leaves the machine);
 * - fonts and images: `document.fonts.ready`, and every lazy image scrolled into range and
 *   decoded, before the shot;
 * - the footer's copyright year is the build's year, so it is masked.
 *
 * What is shot, within a size budget (scripts/snapshot-budget.ts, 10 MB for the set):
 * - at 375 px, the whole page: the phone is where the sections stack and German and French
 *   wrap, so most regressions a visitor would see (a card out of line, a wrapped price, a
 *   section's spacing) are below the fold there;
 * - at 1440 px, the first screen: header, hero, the pricing calculator and its estimate, the
 *   referral programme's masthead, as a desktop visitor first judges them. Whole pages at
 *   both widths took 16 MB (the landing page at 1440 px alone 1.2-1.3 MB a locale), and
 *   every clone carries every version of every baseline.
 * The fixed chrome is in each shot where a visitor sees it on the first screen (the chat
 * bubble, which steps aside from controls; the trial bar keeps its place at the end of the
 * page until the hero's buttons have scrolled away); tests/e2e/layout.spec.ts asserts it
 * covers nothing, at every width and scroll position.
 */

const PAGES = [
  { name: "landing", path: "/" },
  { name: "pricing", path: "/pricing" },
  { name: "referrals", path: "/referrals" },
] as const;

const VIEWPORTS = [
  { width: 375, height: 667, fullPage: true, shot: "page" },
  { width: 1440, height: 900, fullPage: false, shot: "first-screen" },
] as const;

test.use({ reducedMotion: "reduce" });

/**
 * Scrolls the page through in screen-sized steps so every lazy image starts loading, then
 * back to the top, and waits until the fonts and every image have loaded and decoded.
 */
async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo({ top, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    await document.fonts.ready;
    // A decode that never settles (CI saw one hang the whole test once, while the retry
    // passed) must not hang the test either: each gets 10 s, and whether every image really
    // is there is checked right after, from the images themselves.
    const settled = (image: HTMLImageElement) =>
      Promise.race([
        image.decode().catch(() => {
          // A broken image is part of what the screenshot shows; it must not hang the test.
        }),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
    await Promise.all([...document.images].map(settled));
    await frame();
    await frame();
  });
}

for (const { name, path } of PAGES) {
  for (const locale of LOCALES) {
    for (const viewport of VIEWPORTS) {
      test(`${name} in ${locale} at ${viewport.width} px looks as it did`, async ({
        page,
        baseURL,
      }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await storeConsent(page.context(), baseURL, { analytics: false, marketing: false });
        await standInForThirdParties(page, { chatStatus: "offline" });
        await gotoHydrated(page, localizePath(path, locale));
        await loadEverything(page);
        // Every image really is there: a missing one would be baked into the baseline.
        const broken = await page.evaluate(() =>
          [...document.images]
            .filter((image) => !image.complete || image.naturalWidth === 0)
            .map((image) => image.currentSrc || image.src),
        );
        expect(broken).toEqual([]);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const file = `${name}-${locale}-${viewport.width}-${viewport.shot}.png`;
        await expect(page).toHaveScreenshot(file, {
          fullPage: viewport.fullPage,
          // A missing baseline is written once two shots in a row agree; a whole phone page
          // takes seconds a shot on a busy machine.
          timeout: 30_000,
          // The year is the build's, so it changes on New Year's Day without a change here.
          mask: [page.getByRole("contentinfo").getByText(/^© \d{4} Beyond/)],
        });
      });
    }
  }
}
