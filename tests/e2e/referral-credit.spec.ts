import { expect, type Page, test } from "@playwright/test";
import { REFERRER_COOKIE } from "../../app/lib/analytics/constants.ts";
import type { Locale } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { holdAppScripts, holdChunk } from "./support/hold-scripts.ts";
import { gotoHydrated, waitForHydration } from "./support/pages.ts";
import { cookieNames, standInForThirdParties, type ThirdParties } from "./support/third-party.ts";

/**
 * The referral credit (SPEC §3, §7; docs/decisions/0026): a visitor who lands with
 * `?referrer=` keeps it until their consent decides, whatever they do first and however late
 * the page's scripts arrive. Before the decision nothing is stored; the code is held in the
 * page's memory and carried to the next page by its address. With marketing consent the
 * `referrerCode` cookie is written at the decision, for 10 days.
 */

const CODE = "acme_spring_2024";
const LANDING = `/?referrer=${CODE}`;

const banner = (page: Page, locale: Locale = "en") =>
  page.getByRole("region", { name: message(locale, "consent.banner.title") });

async function choose(page: Page, choice: "acceptAll" | "rejectAll", locale: Locale = "en") {
  await banner(page, locale)
    .getByRole("button", { name: message(locale, `consent.banner.${choice}`) })
    .click();
}

/** The referral cookie's value and how many days it has left, or null. */
async function referralCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === REFERRER_COOKIE);
  if (!cookie) return null;
  return { value: cookie.value, days: (cookie.expires * 1000 - Date.now()) / 86_400_000 };
}

async function expectCredit(page: Page) {
  await expect.poll(() => referralCookie(page).then((cookie) => cookie?.value)).toBe(CODE);
  const cookie = await referralCookie(page);
  expect(cookie?.days).toBeGreaterThan(9.9);
  expect(cookie?.days).toBeLessThanOrEqual(10);
}

/**
 * Nothing of the referral in the browser before the visitor decides: no cookie but the
 * language a visitor picked (strictly necessary, decision record 4), and the code nowhere
 * in web storage (React Router keeps its scroll positions in `sessionStorage`, by path).
 */
async function expectNothingStored(page: Page) {
  expect((await cookieNames(page)).filter((name) => name !== "lang")).toEqual([]);
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    ),
  );
  expect(stored.filter((entry) => entry.includes(CODE) || entry.includes("acme"))).toEqual([]);
}

function headerLink(page: Page, name: string) {
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

test.use({ viewport: { width: 1440, height: 900 } });

test.describe("with the page's scripts held back (a slow phone, a loaded line)", () => {
  test("'Accept all' before the app has started, then leaving at once: the credit is kept", async ({
    page,
    context,
  }) => {
    await standInForThirdParties(page);
    await holdAppScripts(page);
    await page.goto(LANDING);
    await choose(page, "acceptAll");
    // Off to the sign-up page on the app's host, before any of the site's scripts ran.
    await page.close();
    const cookie = (await context.cookies()).find((entry) => entry.name === REFERRER_COOKIE);
    expect(cookie?.value).toBe(CODE);
  });

  test("moving on before deciding and before the app has started: the next page holds the code, and consent there keeps the credit", async ({
    page,
  }) => {
    await standInForThirdParties(page);
    const scripts = await holdAppScripts(page);
    await page.goto(LANDING);
    await headerLink(page, message("en", "common.nav.pricing")).click();
    await expect(page).toHaveURL(new RegExp(`/pricing\\?referrer=${CODE}$`));
    await expectNothingStored(page);
    // Once more, to another language, still without the app.
    await page.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(new RegExp(`/de/pricing\\?referrer=${CODE}$`));
    await expectNothingStored(page);
    await scripts.release();
    await choose(page, "acceptAll", "de");
    await expectCredit(page);
  });
});

test.describe("once the app has started", () => {
  test("consent given two client navigations later keeps the credit, and the analytics client gets the user properties", async ({
    page,
  }) => {
    await page.clock.install();
    const thirdParties = await standInForThirdParties(page);
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await gotoHydrated(page, LANDING);
    await headerLink(page, message("en", "common.nav.pricing")).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await headerLink(page, message("en", "common.nav.faqs")).click();
    await expect(page).toHaveURL(/\/faqs$/);
    expect(documents, "client navigations, one document").toBe(1);
    await expectNothingStored(page);
    await choose(page, "acceptAll");
    await expectCredit(page);
    await expect
      .poll(async () => {
        await page.clock.runFor(10_000);
        return identifyProperties(thirdParties);
      })
      .toEqual({
        referrer: "acme",
        adCampaign: "spring",
        campaignDate: "2024",
        app_source: "Brochureware",
      });
  });

  test("a language switch after a client navigation (a new document) carries the code until the visitor decides", async ({
    page,
  }) => {
    await standInForThirdParties(page);
    await gotoHydrated(page, LANDING);
    await headerLink(page, message("en", "common.nav.features")).click();
    await expect(page).toHaveURL(/\/features$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/features\\?referrer=${CODE}$`));
    await waitForHydration(page);
    await expectNothingStored(page);
    await choose(page, "acceptAll", "fr");
    await expectCredit(page);
  });

  test("the cookie is written at the decision, before the consent-gated services' chunk has arrived", async ({
    page,
  }) => {
    await standInForThirdParties(page);
    const services = await holdChunk(page, /\/assets\/consent-services-[\w-]+\.js$/);
    await gotoHydrated(page, LANDING);
    await expect.poll(() => services.wasRequested()).toBe(true);
    await choose(page, "acceptAll");
    await expectCredit(page);
    services.release();
  });

  test("refused: nothing is stored, and the code goes no further", async ({ page }) => {
    const thirdParties = await standInForThirdParties(page);
    await gotoHydrated(page, LANDING);
    await headerLink(page, message("en", "common.nav.features")).click();
    await expect(page).toHaveURL(/\/features$/);
    await choose(page, "rejectAll");
    await page.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/features$/);
    await waitForHydration(page);
    expect(await cookieNames(page)).toEqual(["consent", "lang"]);
    expect(thirdParties.requests).toEqual([]);
  });
});

/** The user properties of the analytics client's `$identify` event, once uploaded. */
function identifyProperties(thirdParties: ThirdParties) {
  expect(thirdParties.rejectedUploads).toEqual([]);
  const identify = thirdParties.uploads
    .flatMap((upload) => upload.events)
    .find((event) => event.event_type === "$identify");
  return identify?.user_properties?.$set;
}
