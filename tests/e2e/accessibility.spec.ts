import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  ACCESSIBILITY_CLAIMS,
  ACCESSIBILITY_LIMITATIONS,
  ACCESSIBILITY_SECTIONS,
  BROWSER_CLAIMS,
} from "../../app/content/accessibility.ts";
import { formatCalendarDate } from "../../app/lib/legal/lifetime.ts";
import { LOCALE_TAGS, LOCALES, localizePath } from "../../app/lib/locale.ts";
import type { BuildConfigManifest } from "../../scripts/vite/build-config-plugin.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";
import { TEST_ACCESSIBILITY } from "./support/test-build-config.ts";
import { storeConsent } from "./support/third-party.ts";

/** What the build baked in (`build/site-config.json`): the review date is the code's. */
const BAKED: BuildConfigManifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../build/site-config.json"), "utf8"),
);

// A long page in four languages, scanned claim by claim: allow for a busy CI machine.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await storeConsent(context, baseURL, { analytics: false, marketing: false });
});

for (const locale of LOCALES) {
  test(`${locale}: the footer links to the statement beside the legal pages`, async ({ page }) => {
    await gotoHydrated(page, localizePath("/pricing", locale));
    const legal = page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: message(locale, "common.footer.legalHeading") });
    await legal.getByRole("link", { name: message(locale, "common.footer.accessibility") }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath("/accessibility", locale)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message(locale, "accessibility.heading"),
    );
    await expect(page).toHaveTitle(`${message(locale, "accessibility.meta.title")} | Beyond`);
  });

  test(`${locale}: the statement gives the configured contact and reply time, and the date of the code`, async ({
    page,
  }) => {
    await gotoHydrated(page, localizePath("/accessibility", locale));
    const main = page.getByRole("main");
    // The sections in order.
    const headings = main.getByRole("article").getByRole("heading", { level: 2 });
    await expect(headings).toHaveText(
      ACCESSIBILITY_SECTIONS.map(
        (section, index) =>
          `${index + 1}. ${message(locale, `accessibility.sections.${section}.title`)}`,
      ),
    );
    // Every claim, every limitation of a build with chat and videos.
    await expect(main.getByText(/^WCAG \d+\.\d+\.\d+(, \d+\.\d+\.\d+)*$/)).toHaveCount(
      ACCESSIBILITY_CLAIMS.filter((claim) => claim.criteria.length > 0).length,
    );
    for (const claim of [...ACCESSIBILITY_CLAIMS, ...BROWSER_CLAIMS]) {
      await expect(
        main.getByText(message(locale, `accessibility.claims.${claim.id}`), { exact: false }),
      ).toBeVisible();
    }
    expect(ACCESSIBILITY_LIMITATIONS.length).toBeGreaterThan(4);
    await expect(
      main.getByText(message(locale, "accessibility.limitations.chat"), { exact: true }),
    ).toBeVisible();
    // The contact from the build's configuration (.env.test), as text and as a mail link.
    const contact = main.getByRole("link", { name: TEST_ACCESSIBILITY.email, exact: true });
    await expect(contact).toHaveAttribute("href", `mailto:${TEST_ACCESSIBILITY.email}`);
    expect(BAKED.accessibility.email).toBe(TEST_ACCESSIBILITY.email);
    const days = TEST_ACCESSIBILITY.responseBusinessDays;
    expect(days).toBeGreaterThan(1);
    const section = main.locator("section", {
      has: page.getByRole("heading", {
        name: message(locale, "accessibility.sections.contact.title"),
      }),
    });
    await expect(section).toContainText(new RegExp(`\\b${days}\\b`));
    // Last reviewed: the date of the code the build was made from, in the page's language.
    expect(BAKED.accessibility.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(BAKED.accessibility.reviewedOn)).toBeLessThanOrEqual(Date.now());
    const date = formatCalendarDate(BAKED.accessibility.reviewedOn, LOCALE_TAGS[locale]);
    await expect(
      page.getByText(message(locale, "accessibility.updated").replace("{date}", date)),
    ).toBeVisible();
  });
}

test("without JavaScript the whole statement is there, contact link included", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await storeConsent(context, baseURL, { analytics: false, marketing: false });
  const page = await context.newPage();
  await page.goto(localizePath("/accessibility", "fr"));
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveCount(
    ACCESSIBILITY_SECTIONS.length,
  );
  await expect(
    page.getByRole("link", { name: TEST_ACCESSIBILITY.email, exact: true }),
  ).toHaveAttribute("href", `mailto:${TEST_ACCESSIBILITY.email}`);
  await context.close();
});
