import { expect, test } from "@playwright/test";
import { FAQ_SLUGS } from "../../app/content/faqs.ts";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { faqQuestion, faqQuestions } from "./support/faq.ts";
import { gotoHydrated } from "./support/pages.ts";

const question = (slug: string, locale: (typeof LOCALES)[number] = "en") =>
  message(locale, `faqs.items.${slug}.question`);

test.describe("FAQ list filter", () => {
  test("narrows the list as the visitor types and keeps the text in the address", async ({
    page,
  }) => {
    await gotoHydrated(page, "/faqs");
    const questions = faqQuestions(page);
    await expect(questions).toHaveCount(FAQ_SLUGS.length);
    await page.getByLabel("Search questions").fill("salaries");
    await expect(questions).toHaveCount(1);
    await expect(
      page.getByRole("heading", { name: question("budgeting-salaries-on-beyond") }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/faqs\?q=salaries$/);
    await expect(page.getByRole("status")).toHaveText("1 question matches");
  });

  for (const [keyword, slug] of [
    ["currency", "multiple-currencies-on-beyond"],
    ["charity", "discounts-for-nonprofit-organisations"],
    ["licence", "how-many-user-licences-will-i-need-on-beyond"],
  ] as const) {
    test(`finds the question about "${keyword}" by its keyword`, async ({ page }) => {
      await gotoHydrated(page, "/faqs");
      await page.getByLabel("Search questions").fill(keyword.toUpperCase());
      await expect(page.getByRole("heading", { name: question(slug) })).toBeVisible();
    });
  }

  test("ignores accents in the page's language", async ({ page }) => {
    await gotoHydrated(page, "/de/faqs");
    await page.getByLabel(message("de", "faqs.filter.label")).fill("gehalter");
    await expect(
      page.getByRole("heading", { name: question("budgeting-salaries-on-beyond", "de") }),
    ).toBeVisible();
  });

  test("shows the exact no-results message and can show everything again", async ({ page }) => {
    await gotoHydrated(page, "/faqs");
    await page.getByLabel("Search questions").fill("zebra");
    await expect(
      page.getByText("None of the questions match 'zebra'", { exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Show all questions" }).click();
    await expect(faqQuestions(page)).toHaveCount(FAQ_SLUGS.length);
    await expect(page).toHaveURL(/\/faqs$/);
  });

  test("restores the filter from ?q= on load", async ({ page }) => {
    await gotoHydrated(page, "/fr/faqs?q=taux+de+change");
    await expect(page.getByLabel(message("fr", "faqs.filter.label"))).toHaveValue("taux de change");
    await expect(faqQuestions(page)).toHaveCount(1);
    await expect(
      page.getByRole("heading", { name: question("multiple-currencies-on-beyond", "fr") }),
    ).toBeVisible();
  });
});

test.describe("the search field on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const locale of LOCALES) {
    test(`${locale}: its placeholder fits inside it`, async ({ page }) => {
      await gotoHydrated(page, localizePath("/faqs", locale));
      const field = page.getByLabel(message(locale, "faqs.filter.label"));
      await expect(field).toHaveAttribute(
        "placeholder",
        message(locale, "faqs.filter.placeholder"),
      );
      const { text, room } = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input, "::placeholder");
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = getComputedStyle(input);
        return {
          text: context.measureText(input.placeholder).width,
          room: input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight),
        };
      });
      expect(text).toBeLessThanOrEqual(room);
    });
  }
});

test.describe("FAQ accordion", () => {
  test("a click opens and closes a question; the content class follows after 500 ms", async ({
    page,
  }) => {
    await page.clock.install();
    await gotoHydrated(page, "/faqs");
    // Stop the page's clock so only runFor moves time forward.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const { heading, item, summary } = faqQuestion(page, question("reports-in-beyond"));
    const panel = page.locator(
      `#${await summary.getAttribute("aria-controls")}`.replace(/:/g, "\\:"),
    );
    await expect(item).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();

    await heading.click();
    await expect(item).toHaveAttribute("open", "");
    await expect(panel).toBeVisible();
    await expect(panel).not.toHaveClass(/faq-item__content--open/);
    await page.clock.runFor(500);
    await expect(panel).toHaveClass(/faq-item__content--open/);
    await expect(panel.getByText(/Breakdown reports show actuals/)).toBeVisible();

    await heading.click();
    // The panel animates shut before the disclosure closes.
    await expect(panel).toHaveClass(/faq-item__content--open/);
    await page.clock.runFor(500);
    await expect(panel).not.toHaveClass(/faq-item__content--open/);
    await expect(item).not.toHaveAttribute("open");
    await expect(panel).toBeHidden();
  });

  test("works from the keyboard, and a closed answer's links cannot be focused", async ({
    page,
  }) => {
    await gotoHydrated(page, "/faqs");
    const { item, summary } = faqQuestion(page, question("discounts-for-nonprofit-organisations"));
    const trialLink = page.getByRole("link", { name: "30-day free trial" });
    await expect(trialLink).toBeHidden();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(item).toHaveAttribute("open", "");
    await expect(trialLink).toBeVisible();
    await page.keyboard.press("Space");
    await expect(item).not.toHaveAttribute("open");
    await expect(trialLink).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).not.toHaveText("30-day free trial");
  });

  test("each question links to its own page", async ({ page }) => {
    await gotoHydrated(page, "/faqs");
    const name = question("types-of-user-account-on-beyond");
    await page.getByRole("link", { name: `Open “${name}” on its own page` }).click();
    await expect(page).toHaveURL(/\/faqs\/types-of-user-account-on-beyond$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("the list carries FAQPage structured data that the CSP allows", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "error") errors.push(entry.text());
    });
    await gotoHydrated(page, "/es/faqs");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(FAQ_SLUGS.length);
    expect(data.mainEntity[0].name).toBe(question(FAQ_SLUGS[0], "es"));
    expect(errors).toEqual([]);
  });
});

test.describe("single FAQ pages", () => {
  for (const locale of LOCALES) {
    test(`every question has its own ${locale} page with a back link`, async ({ request }) => {
      for (const slug of FAQ_SLUGS) {
        const response = await request.get(localizePath(`/faqs/${slug}`, locale));
        expect(response.status(), slug).toBe(200);
        const html = await response.text();
        const title = question(slug, locale).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
        expect(html, slug).toContain(`<h1>${title}</h1>`);
        expect(html, slug).toContain(`>${message(locale, "faqs.back")}</a>`);
        expect(html, slug).toContain('"@type":"BreadcrumbList"');
      }
    });
  }

  test("on a phone the breadcrumb is one line: the question is cut, the heading spells it out", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const slug = "how-many-user-licences-will-i-need-on-beyond";
    for (const locale of LOCALES) {
      await gotoHydrated(page, localizePath(`/faqs/${slug}`, locale));
      const trail = page.getByRole("navigation", { name: message(locale, "faqs.breadcrumbLabel") });
      const link = trail
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: message(locale, "faqs.breadcrumb") }) });
      const current = trail.getByRole("listitem").filter({ hasText: question(slug, locale) });
      const [linkBox, currentBox] = [await link.boundingBox(), await current.boundingBox()];
      // Side by side on one line, not the question wrapping under the link.
      expect(currentBox?.y, locale).toBeLessThan((linkBox?.y ?? 0) + (linkBox?.height ?? 0));
      expect(currentBox?.height, locale).toBeLessThanOrEqual((linkBox?.height ?? 0) + 2);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(question(slug, locale));
    }
  });

  test("the back link returns to the list", async ({ page }) => {
    await gotoHydrated(page, "/de/faqs/reports-in-beyond");
    await page.getByRole("link", { name: message("de", "faqs.back") }).click();
    await expect(page).toHaveURL(/\/de\/faqs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("de", "faqs.heading"));
  });

  test("an unknown slug answers 404 and shows no question", async ({ page }) => {
    const response = await page.goto("/faqs/no-such-question");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message("en", "common.notFound.heading"),
    );
    await expect(page.getByText(message("en", "faqs.back"))).toHaveCount(0);
  });

  test("in-app navigation to an unknown slug shows the not-found copy, not a crash", async ({
    page,
  }) => {
    await gotoHydrated(page, "/faqs");
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/faqs/no-such-question";
      link.textContent = "ghost";
      document.querySelector("main")?.append(link);
    });
    // A plain anchor reloads the document; drive the router instead, as a <Link> would.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate("/faqs/no-such-question"),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message("en", "common.notFound.heading"),
    );
    await expect(page.getByRole("banner")).toBeVisible();
  });
});

test.describe("the help card", () => {
  for (const locale of LOCALES) {
    test(`${locale}: the primary action comes first, and on a phone both buttons take the card's width`, async ({
      page,
    }) => {
      const paths = ["/faqs", `/faqs/${FAQ_SLUGS[0]}`];
      for (const [width, isPhone] of [
        [1440, false],
        [375, true],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of paths) {
          await gotoHydrated(page, localizePath(path, locale));
          const card = page.getByRole("complementary", {
            name: message(locale, "faqs.related.heading"),
          });
          const links = card.getByRole("link");
          await expect(links).toHaveCount(2);
          // The demo opens in a new tab, which its link says in hidden words after the label.
          await expect(links.first()).toContainText(message(locale, "common.nav.bookDemo"));
          await expect(links.first()).toHaveClass(/button--primary/);
          await expect(links.nth(1)).toContainText(message(locale, "faqs.related.contact"));
          if (isPhone) {
            const [first, second] = await links.evaluateAll((all) =>
              all.map((link) => Math.round(link.getBoundingClientRect().width)),
            );
            expect(first, `${path} at ${width}`).toBe(second);
          }
        }
      }
    });
  }
});
