import type { Page, Response } from "@playwright/test";
import { LOCALES, type Locale, localizePath } from "../../../app/lib/locale.ts";
import { pagePathsWithContent } from "../../../app/lib/pages.ts";

/** Paths that answer with their own page (the step-by-step guide redirects off-site). */
export const PAGE_PATHS = pagePathsWithContent();

export const LOCALIZED_PAGES: Array<{ locale: Locale; path: string }> = LOCALES.flatMap((locale) =>
  PAGE_PATHS.map((path) => ({ locale, path: localizePath(path, locale) })),
);

/**
 * The one place that knows how to tell that the app has started on a prerendered page and
 * the whole page has hydrated: React Router's data router exists once the client entry has
 * created it (before React DOM's renderer has arrived, decision record 0022), and the flag
 * once every part has committed. Change this (and only this) if the start-up changes.
 */
export function isHydrated(): boolean {
  // The router exists once the app has started; the page (its root and parts) hydrates
  // after it, and app/browser/early-actions.ts says when the last part has.
  const app = window as unknown as {
    __reactRouterDataRouter?: unknown;
    __beyondPageHydrated?: boolean;
  };
  return app.__reactRouterDataRouter !== undefined && app.__beyondPageHydrated === true;
}

/** Waits until the current page's app has started (after a reload or a full navigation). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(isHydrated);
}

/**
 * Opens a page and waits until the app has started on it, so clicks reach React's handlers.
 * Returns the navigation's response, like `page.goto`.
 */
export async function gotoHydrated(
  page: Page,
  path: string,
  options?: Parameters<Page["goto"]>[1],
): Promise<Response | null> {
  const response = await page.goto(path, options);
  await waitForHydration(page);
  return response;
}
