import { expect, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { testNoAxeViolations } from "./support/axe.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";

const SECTIONS = ["connect", "plan", "rules", "forecast", "report"];
const FEATURES = ["integrate", "import", "rules", "data", "reallocate", "drivers"];

test.describe("features page", () => {
  for (const locale of LOCALES) {
    test(`${locale}: title, highlight, intro, numbered sections, call to action and shared sections`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/features", locale));
      await expect(page).toHaveTitle(`${m("features.meta.title")} | Beyond`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("features.highlight"));
      await expect(page.getByText(m("features.intro"))).toBeVisible();
      const steps = page
        .getByRole("region", { name: m("features.sectionsLabel") })
        .getByRole("listitem");
      await expect(steps).toHaveCount(SECTIONS.length);
      for (const [index, id] of SECTIONS.entries()) {
        await expect(steps.nth(index).getByRole("heading", { level: 2 })).toHaveText(
          m(`features.sections.${id}.title`),
        );
      }
      const cta = page.getByRole("region", { name: m("features.cta.heading") });
      await expect(cta.getByRole("link", { name: m("common.nav.tryNow") })).toHaveAttribute(
        "href",
        "https://app.beyondbudget.app/register",
      );
      await expect(
        cta.getByRole("link", { name: new RegExp(`^${m("common.nav.bookDemo")}`) }),
      ).toHaveAttribute("target", "_blank");
      for (const heading of ["testimonials.heading", "tryItFree.heading"]) {
        await expect(
          page.getByRole("heading", { level: 2, name: m(`landing.${heading}`) }),
        ).toBeAttached();
      }
    });

    test(`${locale}: the six features in its own words, not the landing's cards`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/features", locale));
      const details = page.getByRole("region", { name: m("features.details.heading") });
      await expect(details).toHaveAttribute("id", "features");
      await expect(details.getByRole("heading", { level: 3 })).toHaveCount(FEATURES.length);
      for (const id of FEATURES) {
        await expect(
          details.getByRole("heading", { level: 3, name: m(`features.details.items.${id}.title`) }),
        ).toBeVisible();
        for (const point of ["a", "b", "c"]) {
          await expect(
            details.getByText(m(`features.details.items.${id}.points.${point}`), { exact: true }),
          ).toBeVisible();
        }
      }
      // The landing's features section is not repeated here, heading or cards.
      await expect(
        page.getByRole("heading", { name: m("landing.features.heading"), exact: true }),
      ).toHaveCount(0);
      await expect(
        page.getByText(m("landing.features.items.integrate.body"), { exact: true }),
      ).toHaveCount(0);
    });
  }

  testNoAxeViolations(["/features", "/de/features"]);

  test("links inside the numbered sections mail support, register and book a demo", async ({
    page,
  }) => {
    await gotoHydrated(page, "/features");
    const steps = page.getByRole("region", { name: "How Beyond works" });
    await expect(steps.getByRole("link", { name: /^email our team/ })).toHaveAttribute(
      "href",
      "mailto:hello@beyondbudget.app",
    );
    await expect(steps.getByRole("link", { name: "Try it now" })).toHaveAttribute(
      "href",
      "https://app.beyondbudget.app/register",
    );
    await expect(steps.getByRole("link", { name: "Book a demo" })).toHaveAttribute(
      "href",
      "https://calendly.com/beyond-budget/demo",
    );
  });

  // One wording for each call to action across the site (issue 14): the links inside the
  // sentences read exactly as the header's buttons do, and stay inside their sentences.
  for (const locale of LOCALES) {
    test(`${locale}: the sections' register and demo links read as the header's buttons`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/features", locale));
      const plan = page.locator("#step-plan p").last();
      await expect(plan.getByRole("link")).toContainText(m("common.nav.tryNow"));
      // The trial's length in the same sentence: the link sits inside its paragraph.
      await expect(plan).toContainText("30");
      const forecast = page.locator("#step-forecast p").last();
      await expect(forecast.getByRole("link")).toContainText(m("common.nav.bookDemo"));
    });
  }
});
