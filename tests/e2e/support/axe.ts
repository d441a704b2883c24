import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./pages.ts";

/**
 * Adds one test a path to the current describe block: the page, once hydrated, breaks none
 * of axe's WCAG 2.0, 2.1 and 2.2 A and AA rules (the site's bar is WCAG 2.2 AA).
 */
export function testNoAxeViolations(paths: readonly string[]): void {
  for (const path of paths) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await gotoHydrated(page, path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });
  }
}
