import { expect, type Page, test } from "@playwright/test";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";
import { standInForThirdParties } from "./support/third-party.ts";

/**
 * The fallbacks of docs/decisions/0010-every-engine.md ('Features relied on'), in Chromium
 * with the platform feature taken away before any page script runs.
 */

/**
 * A browser without popovers, as the app and the head's capture script detect them (an own
 * `popover` property on HTMLElement.prototype): the property and the methods go, and the
 * `popovertarget` button's native opening is cancelled, which an engine without popovers
 * would not do in the first place.
 */
function removePopover() {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  for (const name of ["popover", "showPopover", "hidePopover", "togglePopover"]) {
    delete proto[name];
  }
  document.addEventListener(
    "beforetoggle",
    (event) => {
      if ((event as ToggleEvent).newState === "open") event.preventDefault();
    },
    true,
  );
}

function removeRequestIdleCallback() {
  const target = window as unknown as Record<string, unknown>;
  delete target.requestIdleCallback;
  delete target.cancelIdleCallback;
}

const isOpenAsPopover = (page: Page) =>
  page.evaluate(() => document.querySelector(":popover-open") !== null);

test.describe("without popover", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggle opens and closes the menu, also with Escape", async ({ page }) => {
    await page.addInitScript(removePopover);
    await gotoHydrated(page, "/");
    expect(await page.evaluate(() => Object.hasOwn(HTMLElement.prototype, "popover"))).toBe(false);
    const nav = page.getByRole("navigation", { name: message("en", "common.nav.label") });
    const openToggle = page.getByRole("button", { name: message("en", "common.nav.menuOpen") });
    const closeToggle = page.getByRole("button", { name: message("en", "common.nav.menuClose") });
    const pricing = nav.getByRole("link", { name: message("en", "common.nav.pricing") });
    await expect(nav).toBeHidden();
    await expect(openToggle).toHaveAttribute("aria-expanded", "false");

    await openToggle.click();
    await expect(closeToggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav).toBeVisible();
    await expect(pricing).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/nav-showing/);
    // Shown by the app's fallback, not by the platform.
    expect(await isOpenAsPopover(page)).toBe(false);

    await closeToggle.click();
    await expect(openToggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();

    await openToggle.click();
    await expect(pricing).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(openToggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/nav-showing/);
  });
});

test.describe("without requestIdleCallback", () => {
  test("after 'Accept all', analytics starts and the chat loads on its timer", async ({ page }) => {
    await page.addInitScript(removeRequestIdleCallback);
    const thirdParties = await standInForThirdParties(page, { chatStatus: "online" });
    const analyticsChunk = page.waitForRequest(/\/assets\/analytics-sdk-[\w-]+\.js$/);
    await gotoHydrated(page, "/pricing");
    expect(await page.evaluate(() => "requestIdleCallback" in window)).toBe(false);
    const bubble = page.getByRole("button", { name: message("en", "common.chat.label") });
    await expect(bubble).toHaveAttribute("aria-disabled", "true");

    await page
      .getByRole("region", { name: message("en", "consent.banner.title") })
      .getByRole("button", { name: message("en", "consent.banner.acceptAll") })
      .click();
    await analyticsChunk;
    // Nobody touches the bubble: the widget loads once the page has been idle a while.
    await expect
      .poll(() => thirdParties.requests.some((url) => url.startsWith("https://embed.tawk.to/")), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect(bubble).toHaveAttribute("aria-disabled", "false");
  });
});
