import { expect, test } from "@playwright/test";
import { INTEGRATION_FAQ_IDS } from "../../app/content/faqs.ts";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { SITE } from "../../app/lib/site-config.ts";
import { testNoAxeViolations } from "./support/axe.ts";
import { message } from "./support/catalog.ts";
import { faqQuestion } from "./support/faq.ts";
import { linkBoxes } from "./support/layout-probe.ts";
import { gotoHydrated } from "./support/pages.ts";

const STEPS = ["source", "sync", "actuals", "rules", "budgets"] as const;

test.describe("the Xero-connection panel", () => {
  for (const locale of LOCALES) {
    test(`${locale}: tops the guide's contents with the diagram's own steps, and links to the diagram`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/xero-integration", locale));
      const panel = page.getByRole("region", { name: m("integration.panel.heading") });
      await expect(panel.getByRole("heading", { level: 2 })).toBeVisible();
      const steps = panel.getByRole("listitem");
      await expect(steps).toHaveCount(STEPS.length);
      for (const [index, step] of STEPS.entries()) {
        await expect(steps.nth(index)).toContainText(m(`integration.diagram.${step}.label`));
        await expect(steps.nth(index)).toContainText(m(`integration.diagram.${step}.detail`));
      }
      await expect(panel.getByRole("link", { name: m("integration.panel.more") })).toHaveAttribute(
        "href",
        localizePath("/xero-integration/how-we-integrate", locale),
      );
      // At the top: under the page's heading, before anything else of the page.
      const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
      const box = await panel.boundingBox();
      expect(box?.y).toBeGreaterThan((heading?.y ?? 0) + (heading?.height ?? 0));
      expect(box?.y).toBeLessThan(720);
    });
  }

  test("the data flow shows once per page of the guide: the panel or the diagram, never both", async ({
    page,
  }) => {
    const panelName = message("en", "integration.panel.heading");
    const diagramName = message("en", "integration.diagram.title");
    const expected = {
      "/xero-integration": { panels: 1, diagrams: 0 },
      "/xero-integration/how-we-integrate": { panels: 0, diagrams: 1 },
      "/xero-integration/faqs": { panels: 0, diagrams: 0 },
    };
    for (const [path, { panels, diagrams }] of Object.entries(expected)) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("region", { name: panelName })).toHaveCount(panels);
      await expect(page.getByRole("img", { name: diagramName })).toHaveCount(diagrams);
    }
  });

  test("on a phone it is one column that fits the screen, and the FAQs' first question is on the first screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await gotoHydrated(page, "/fr/xero-integration");
    const panel = page.getByRole("region", { name: message("fr", "integration.panel.heading") });
    const box = await panel.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    const [first, second] = [
      await panel.getByRole("listitem").nth(0).boundingBox(),
      await panel.getByRole("listitem").nth(1).boundingBox(),
    ];
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    await panel.getByRole("link", { name: message("fr", "integration.panel.more") }).click();
    await expect(page).toHaveURL(/\/fr\/xero-integration\/how-we-integrate$/);
    await expect(
      page.getByRole("img", { name: message("fr", "integration.diagram.title") }),
    ).toBeVisible();
    await gotoHydrated(page, "/fr/xero-integration/faqs");
    const [firstId] = INTEGRATION_FAQ_IDS;
    const { heading } = faqQuestion(
      page,
      message("fr", `integration.faqs.items.${firstId}.question`),
    );
    await expect(heading).toBeInViewport();
  });

  testNoAxeViolations([
    "/xero-integration",
    "/de/xero-integration/how-we-integrate",
    "/fr/xero-integration/faqs",
  ]);
});

test.describe("how we integrate", () => {
  for (const locale of LOCALES) {
    test(`the ${locale} data-flow diagram is an image with a text alternative`, async ({
      page,
    }) => {
      await page.goto(localizePath("/xero-integration/how-we-integrate", locale));
      const diagram = page.getByRole("figure");
      // Exactly one layout is rendered for the viewport; the other is hidden from everyone.
      await expect(
        diagram.getByRole("img", { name: message(locale, "integration.diagram.title") }),
      ).toHaveCount(1);
      await expect(diagram.getByRole("img")).toHaveAccessibleDescription(
        message(locale, "integration.diagram.description"),
      );
      const steps = diagram.getByRole("listitem");
      await expect(steps).toHaveCount(STEPS.length);
      for (const [index, step] of STEPS.entries()) {
        await expect(steps.nth(index)).toContainText(
          message(locale, `integration.diagram.${step}.label`),
        );
        await expect(steps.nth(index)).toContainText(
          message(locale, `integration.diagram.${step}.text`),
        );
      }
    });
  }

  test("stacks the diagram on a phone and lays it out in a row on a wide screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/xero-integration/how-we-integrate");
    const image = page.getByRole("img", { name: message("en", "integration.diagram.title") });
    const narrow = await image.boundingBox();
    expect(narrow?.height).toBeGreaterThan(narrow?.width ?? 0);
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await image.boundingBox();
    expect(wide?.width).toBeGreaterThan((wide?.height ?? 0) * 2);
  });

  test("leads on to the step-by-step guide and the integration FAQs", async ({ page }) => {
    await gotoHydrated(page, "/xero-integration/how-we-integrate");
    await page.getByRole("link", { name: message("en", "integration.how.next.faqs") }).click();
    await expect(page).toHaveURL(/\/xero-integration\/faqs$/);
  });
});

test.describe("integration guide", () => {
  test("the table of contents links to every page of the guide", async ({ page }) => {
    await gotoHydrated(page, "/es/xero-integration");
    const contents = page.getByRole("region", { name: message("es", "integration.toc.heading") });
    for (const id of ["how", "steps", "faqs"]) {
      await expect(
        contents.getByRole("link", { name: message("es", `integration.toc.${id}.title`) }),
      ).toBeVisible();
    }
    await contents.getByRole("link", { name: message("es", "integration.toc.how.title") }).click();
    await expect(page).toHaveURL(/\/es\/xero-integration\/how-we-integrate$/);
  });

  test("the integration FAQs open and close like the FAQ list", async ({ page }) => {
    await gotoHydrated(page, "/xero-integration/faqs");
    const { heading, item } = faqQuestion(
      page,
      message("en", "integration.faqs.items.timing.question"),
    );
    await heading.click();
    await expect(item).toHaveAttribute("open", "");
    await expect(page.getByText(/Every night, automatically/)).toBeVisible();
    await item.locator("summary").press("Enter");
    await expect(item).not.toHaveAttribute("open");
  });

  for (const locale of ["en", "fr"] as const) {
    test(`${locale}: every page of the guide ends with a next step that leads elsewhere`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      const GUIDE = {
        "/xero-integration": "/xero-integration/how-we-integrate",
        "/xero-integration/how-we-integrate": "/xero-integration/faqs",
        "/xero-integration/faqs": "/xero-integration/how-we-integrate",
      };
      for (const [path, next] of Object.entries(GUIDE)) {
        await gotoHydrated(page, localizePath(path, locale));
        const closing = page.getByRole("region", { name: m("integration.how.next.heading") });
        await expect(
          closing.getByRole("link", { name: m("integration.how.next.steps") }),
        ).toHaveAttribute("href", localizePath("/xero-integration/step-by-step", locale));
        const links = closing.getByRole("link");
        await expect(links).toHaveCount(2);
        for (const href of await links.evaluateAll((all) =>
          all.map((a) => a.getAttribute("href")),
        )) {
          expect(href).not.toBe(localizePath(path, locale));
        }
        await links.nth(1).click();
        await expect(page).toHaveURL(new RegExp(`${localizePath(next, locale)}$`));
      }
    });
  }

  // A test per width, twelve pages each, rather than all 36 pages in one test.
  for (const width of [1440, 768, 375]) {
    test(`the closing pair of buttons has one width, ${width <= 640 ? "stacked" : "side by side"} at ${width} px`, async ({
      page,
    }) => {
      // Twelve hydrated pages: up to 28 s on a slow host, near the default 30 s.
      test.setTimeout(60_000);
      const problems: string[] = [];
      await page.setViewportSize({ width, height: 900 });
      for (const locale of LOCALES) {
        for (const path of [
          "/xero-integration",
          "/xero-integration/how-we-integrate",
          "/xero-integration/faqs",
        ]) {
          const url = localizePath(path, locale);
          await gotoHydrated(page, url);
          const boxes = await linkBoxes(
            page.getByRole("region", { name: message(locale, "integration.how.next.heading") }),
          );
          const [first, second] = boxes;
          if (!first || !second) {
            problems.push(`${url}: ${boxes.length} buttons`);
            continue;
          }
          if (Math.abs(first.width - second.width) > 1) {
            problems.push(`${url} at ${width}: widths ${first.width} and ${second.width}`);
          }
          const isStacked = first.top !== second.top;
          if (isStacked !== width <= 640) problems.push(`${url} at ${width}: stacked ${isStacked}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test("in-app navigation to the step-by-step guide ends at the external article", async ({
    page,
  }) => {
    await page.route(`${SITE.xeroStepByStepArticle}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Article</title><h1>Article</h1>" }),
    );
    await gotoHydrated(page, "/xero-integration");
    await page.getByRole("link", { name: message("en", "integration.toc.steps.title") }).click();
    await expect(page).toHaveURL(SITE.xeroStepByStepArticle);
  });
});
