import { expect, test } from "@playwright/test";
import { message } from "./support/catalog.ts";

test.describe("unknown paths", () => {
  for (const [path, locale] of [
    ["/no-such-page", "en"],
    ["/de/keine-seite", "de"],
    ["/es/pricing/extra", "es"],
    ["/fr/faqs/unknown-question", "fr"],
    ["/it/pricing", "en"],
    ["/faqs/not-a-real-slug", "en"],
  ] as const) {
    test(`${path} answers 404 with the ${locale} not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: message(locale, "common.notFound.heading") }),
      ).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(message(locale, "common.notFound.meta.title")));
    });
  }

  test("the not-found page links home in the visitor's language", async ({ page }) => {
    await page.goto("/de/gibt-es-nicht");
    await page.getByRole("link", { name: message("de", "common.notFound.home") }).click();
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message("de", "landing.masthead.heading"),
    );
  });

  test("malformed addresses answer 400 or 404, never 500", async ({ request }) => {
    for (const path of ["/%", "/%E0%A4%A", "/..%2f..%2fetc%2fpasswd", `/${"a".repeat(5000)}`]) {
      const response = await request.get(path);
      expect([400, 404], path).toContain(response.status());
    }
  });
});
