import { expect, test } from "@playwright/test";
import { type Locale, localizePath } from "../../app/lib/locale.ts";
import { probeFocusedElement } from "./support/layout-probe.ts";
import { gotoHydrated } from "./support/pages.ts";
import { storeConsent } from "./support/third-party.ts";

/**
 * WCAG 2.4.11 with the real Tab key (issue 14): the layout suite focuses every control by
 * script at 375 and 1440 px, which scrolls as Tab does; here the keyboard walks the pages
 * with the most floating parts (the trial bar, the chat bubble, pricing's sticky summary)
 * at the two widths that suite does not walk, in the two longest languages. Each focused
 * element is checked once the page has had two frames to react, as after a Tab.
 */
const PAGES = ["/", "/pricing", "/referrals", "/faqs"];
const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 768, height: 1024 },
];
const LOCALES: Locale[] = ["de", "fr"];

/** Enough presses for the longest of these pages; the walk stops when focus wraps. */
const MAX_PRESSES = 200;

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test(`${locale} at ${viewport.width} px: Tab never lands on a control hidden under something fixed`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await storeConsent(page.context(), baseURL, { analytics: false, marketing: false });
      await page.setViewportSize(viewport);
      const problems: string[] = [];
      let pressed = 0;
      for (const path of PAGES) {
        const url = localizePath(path, locale);
        await gotoHydrated(page, url);
        const seen = new Set<number>();
        for (let press = 0; press < MAX_PRESSES; press += 1) {
          await page.keyboard.press("Tab");
          pressed += 1;
          const report = await probeFocusedElement(page);
          if (report.focused === null) continue;
          // Back at a control already visited: focus has gone round the whole page.
          const key = await page.evaluate(() =>
            [...document.querySelectorAll("*")].indexOf(document.activeElement as Element),
          );
          if (seen.has(key) && press > 10) break;
          seen.add(key);
          if (report.coveredBy)
            problems.push(`${url}: ${report.focused} under ${report.coveredBy}`);
        }
      }
      expect(problems).toEqual([]);
      expect(pressed).toBeGreaterThan(PAGES.length * 20);
    });
  }
}
