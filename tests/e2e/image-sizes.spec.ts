import { expect, test } from "@playwright/test";

/**
 * Each product screenshot's `sizes` must say how wide the layout really draws it: too small
 * and the browser picks a blurry file, too large and a phone downloads pixels it never
 * shows (on the landing page, ahead of its largest paint).
 */
const VIEWPORT_WIDTHS = [360, 412, 640, 800, 801, 900, 1000, 1001, 1100, 1280, 1600];
/** The claim may exceed the drawn width a little, never fall short of it. */
const MAX_OVERSTATEMENT = 1.2;

for (const path of ["/", "/xero", "/features"]) {
  test(`${path}: every screenshot's sizes matches its laid-out width`, async ({ page }) => {
    // Eleven loads of an image-heavy page: 23 s on a slow host, near the default 30 s.
    test.setTimeout(60_000);
    const mismatches: string[] = [];
    for (const width of VIEWPORT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const images = await page.evaluate(() => {
        /** The width a `sizes` value gives in this viewport, resolved by the browser itself. */
        function claimedWidth(sizes: string): number {
          for (const entry of sizes.split(/,(?![^(]*\))/)) {
            const match = /^(\(.*?\))\s+(.+)$/.exec(entry.trim());
            const condition = match?.[1];
            const length = match?.[2] ?? entry.trim();
            if (condition !== undefined && !window.matchMedia(condition).matches) continue;
            const probe = document.createElement("div");
            probe.style.cssText = `position:absolute;visibility:hidden;width:${length}`;
            document.body.append(probe);
            const claimed = probe.getBoundingClientRect().width;
            probe.remove();
            return claimed;
          }
          return Number.NaN;
        }
        return [...document.querySelectorAll<HTMLImageElement>("main img[sizes]")].map((img) => ({
          name: img.alt.slice(0, 40),
          drawn: img.getBoundingClientRect().width,
          claimed: claimedWidth(img.sizes),
        }));
      });
      expect(images.length).toBeGreaterThan(0);
      for (const { name, drawn, claimed } of images) {
        const isShort = claimed < drawn - 2;
        const isOverstated = claimed > drawn * MAX_OVERSTATEMENT;
        if (isShort || isOverstated)
          mismatches.push(
            `${width}px "${name}": drawn ${drawn.toFixed(0)}, sizes ${claimed.toFixed(0)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
}
