import { expect, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";

const SECTIONS = ["connect", "plan", "rules", "forecast", "report"];

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
      for (const heading of ["features.heading", "testimonials.heading", "tryItFree.heading"]) {
        await expect(
          page.getByRole("heading", { level: 2, name: m(`landing.${heading}`) }),
        ).toBeAttached();
      }
    });
  }

  test("links inside the numbered sections mail support, register and book a call", async ({
    page,
  }) => {
    await gotoHydrated(page, "/features");
    const steps = page.getByRole("region", { name: "How Beyond works" });
    await expect(steps.getByRole("link", { name: /^email our team/ })).toHaveAttribute(
      "href",
      "mailto:hello@beyondbudget.app",
    );
    await expect(steps.getByRole("link", { name: /^try it with your own data/ })).toHaveAttribute(
      "href",
      "https://app.beyondbudget.app/register",
    );
    await expect(steps.getByRole("link", { name: /^Book a call/ })).toHaveAttribute(
      "href",
      "https://calendly.com/beyond-budget/demo",
    );
  });

  test("the links stay inside their sentences in every locale", async ({ page }) => {
    await gotoHydrated(page, "/de/features");
    const paragraph = page.locator("#step-forecast p").last();
    await expect(paragraph.getByRole("link")).toHaveText(/^Vereinbaren Sie ein Gespräch/);
    await expect(paragraph).toContainText("Sie möchten sehen");
  });
});
