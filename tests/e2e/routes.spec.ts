import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { gotoHydrated, LOCALIZED_PAGES, PAGE_PATHS } from "./support/pages.ts";

function firstMatch(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

test.describe("prerendered HTML, before any script runs", () => {
  for (const locale of LOCALES) {
    test(`every ${locale} page answers 200 with its heading, language, title and alternates`, async ({
      request,
    }) => {
      const titles = new Map<string, string>();
      for (const bare of PAGE_PATHS) {
        const path = localizePath(bare, locale);
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()["content-type"]).toContain("text/html");
        const html = await response.text();
        expect(firstMatch(html, /<h1[^>]*>([^<]+)</), `${path} h1`).toBeTruthy();
        expect(html, path).toContain(`<html lang="${locale === "en" ? "en-GB" : `${locale}-`}`);
        const title = firstMatch(html, /<title>([^<]+)<\/title>/) ?? "";
        expect(title, path).toMatch(/ \| Beyond$/);
        expect(
          titles.get(title),
          `${path} shares its title with ${titles.get(title)}`,
        ).toBeUndefined();
        titles.set(title, path);
        expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
        expect(html).toContain('rel="canonical"');
        for (const alternate of [...LOCALES, "x-default"]) {
          expect(html, `${path} hreflang ${alternate}`).toContain(`hrefLang="${alternate}"`);
        }
      }
    });
  }

  test("only the /xero partner page is marked noindex,nofollow", async ({ request }) => {
    for (const { path } of LOCALIZED_PAGES) {
      const html = await (await request.get(path)).text();
      if (/^(\/(de|es|fr))?\/xero$/.test(path)) {
        expect(html, path).toContain('<meta name="robots" content="noindex,nofollow"/>');
      } else {
        expect(html, path).not.toContain('name="robots"');
      }
    }
  });
});

test.describe("every page in the browser", () => {
  // A full axe scan of the heavier pages (landing, /xero, /features, the diagram page) can
  // take longer than the default 30 s on a slow or busy CI machine.
  test.describe.configure({ timeout: 60_000 });

  for (const { locale, path } of LOCALIZED_PAGES) {
    test(`${path} hydrates, shows its heading and has no accessibility violations`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (entry) => {
        if (entry.type() === "error") errors.push(entry.text());
      });
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale}`));
      // Every violation of a WCAG A or AA rule, whatever axe rates its impact: the
      // accessibility statement says no failure is allowed (app/content/accessibility.ts).
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`,
        ),
      ).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
