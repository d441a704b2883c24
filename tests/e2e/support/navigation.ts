import type { Page } from "@playwright/test";
import type { Locale } from "../../../app/lib/locale.ts";
import { message } from "./catalog.ts";

/**
 * Follows the header navigation's link named by the catalogue's `key`, and returns the
 * documents the page requests from then on (filled as they come): none while navigation
 * stays client-side.
 */
export async function followNavigationLink(
  page: Page,
  locale: Locale,
  key: string,
): Promise<string[]> {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page
    .getByRole("navigation", { name: message(locale, "common.nav.label") })
    .getByRole("link", { name: message(locale, key), exact: true })
    .click();
  return documents;
}
