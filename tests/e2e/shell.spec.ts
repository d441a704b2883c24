import { expect, type Page, test } from "@playwright/test";
import {
  HYDRATION_DATA_RETRIES,
  HYDRATION_DATA_RETRY_MS,
  PRELOADS_PER_TASK,
} from "../../scripts/defer-hydration.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated, waitForHydration } from "./support/pages.ts";
import { wheelAndSettle } from "./support/scroll.ts";

test.describe("header navigation", () => {
  test("marks the current page and navigates without reloading the document", async ({ page }) => {
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });
    await gotoHydrated(page, "/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveClass(/selected/);
    await expect(nav.getByRole("link", { name: "Features" })).not.toHaveAttribute("aria-current");

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page).toHaveTitle(/^Features \| Beyond$/);
    await expect(nav.getByRole("link", { name: "Features" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await nav.getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    expect(documents).toBe(1);
  });

  test("the logo leads home", async ({ page }) => {
    await gotoHydrated(page, "/terms");
    await page.getByRole("link", { name: message("en", "common.brandHome") }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("external links open in a new window", async ({ page, context }) => {
    await context.route(/beyondbudget\.app|calendly\.com/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>external</title>" }),
    );
    await gotoHydrated(page, "/");
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Blog/ }).click(),
    ]);
    await expect(popup).toHaveURL(/blog\.beyondbudget\.app/);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("toggles the navigation and the nav-showing class, and closes with Escape", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(page.locator("body")).toHaveClass(/nav-showing/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // The page behind the open menu does not scroll (the lock comes with nav-showing).
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    await page.keyboard.press("Escape");
    await expect(page.locator("body")).not.toHaveClass(/nav-showing/);
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("closes when the visitor navigates", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("body")).not.toHaveClass(/nav-showing/);
  });

  test("offers the language switcher", async ({ page }) => {
    await gotoHydrated(page, "/features");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator(".site-nav").getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/features$/);
  });
});

test.describe("language switcher", () => {
  test("keeps the visitor on the same page and remembers the choice", async ({ page, context }) => {
    await gotoHydrated(page, "/pricing");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      message("de", "pricing.heading"),
    );
    await expect(page).toHaveTitle(`${message("de", "pricing.meta.title")} | Beyond`);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")?.value).toBe("de");

    const response = await gotoHydrated(page, "/features");
    expect(response?.url()).toMatch(/\/de\/features$/);

    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/features$/);
    await page.goto("/faqs");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/faqs$/);
  });

  test("each page's router holds its own language's routes; a switch loads the other whole", async ({
    page,
  }) => {
    const routeIds = () =>
      page.evaluate(() =>
        Object.keys(
          (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest
            .routes,
        ),
      );
    const markDocument = () =>
      page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
    const isSameDocument = () =>
      page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
    await gotoHydrated(page, "/de/pricing");
    const german = await routeIds();
    expect(german).toContain("de-pricing");
    expect(german.filter((id) => id !== "root" && !id.startsWith("de-"))).toEqual([]);

    // Within the language the app follows links itself: the same document.
    await markDocument();
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: message("de", "common.nav.features") }).click();
    await expect(page).toHaveURL(/\/de\/features$/);
    await expect(page).toHaveTitle(`${message("de", "features.meta.title")} | Beyond`);
    expect(await isSameDocument()).toBe(true);

    // To another language: a new document, with that language's routes, and it starts.
    await footer.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/features$/);
    await waitForHydration(page);
    expect(await isSameDocument()).toBe(false);
    const english = await routeIds();
    expect(english).toContain("en-features");
    expect(english.filter((id) => id !== "root" && !id.startsWith("en-"))).toEqual([]);
    await markDocument();
    await footer.getByRole("link", { name: message("en", "common.nav.pricing") }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/pricing$/);
    await expect(page).toHaveTitle(`${message("en", "pricing.meta.title")} | Beyond`);
    expect(await isSameDocument()).toBe(true);
  });

  test("remembers a choice made before the app has started", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "de", url: baseURL ?? "" }]);
    // Every script held back: the page stays as prerendered and the links are plain links.
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto("/de/features");
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/features$/);
    await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")?.value).toBe("en");
  });
});

test("the footer's social links are the same 44x44 tiles", async ({ page }) => {
  await page.goto("/terms");
  const footer = page.getByRole("contentinfo");
  const boxes = [];
  for (const key of ["common.footer.twitter", "common.footer.linkedIn"]) {
    const link = footer.getByRole("link", { name: message("en", key) });
    await link.scrollIntoViewIfNeeded();
    boxes.push(await link.boundingBox());
  }
  const [twitter, linkedIn] = boxes;
  expect(twitter?.width).toBeGreaterThanOrEqual(44);
  expect(twitter?.height).toBeGreaterThanOrEqual(44);
  expect([linkedIn?.width, linkedIn?.height]).toEqual([twitter?.width, twitter?.height]);
});

test.describe("offer ribbon", () => {
  test("is hidden outside the offer window", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByText(message("en", "common.offer.birthday"))).toHaveCount(0);
  });

  test("shows the birthday promo inside its window and links to pricing", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2022-04-01T10:00:00Z"));
    await gotoHydrated(page, "/features");
    await expect(page.getByText(message("en", "common.offer.birthday"))).toBeVisible();
    await page.getByRole("link", { name: message("en", "common.offer.cta") }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe("sticky footer", () => {
  test("sticks once the hero's calls to action have gone, and settles at the end", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await gotoHydrated(page, "/features");
    const sticky = page.getByRole("complementary", { name: message("en", "common.sticky.label") });
    // On the first screen it keeps its place at the end of the page, out of sight while the
    // header's trial button is on screen.
    await expect(sticky).not.toBeInViewport();
    await expect(sticky).toBeHidden();
    await wheelAndSettle(page, 700);
    await expect(sticky).toBeInViewport();
    await expect(sticky).toHaveClass(/stuck/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(sticky).not.toHaveClass(/stuck/);
  });

  test("steps back while another trial button of the page is on screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await gotoHydrated(page, "/features");
    const sticky = page.getByRole("complementary", { name: message("en", "common.sticky.label") });
    await wheelAndSettle(page, 700);
    await expect(sticky).toHaveClass(/stuck/);
    const cta = page.getByRole("region", { name: message("en", "features.cta.heading") });
    await cta.scrollIntoViewIfNeeded();
    await expect(
      cta.getByRole("link", { name: message("en", "common.nav.tryNow") }),
    ).toBeInViewport();
    // Back in its place at the page's end, and out of sight while the other one shows.
    await expect(sticky).toBeHidden();
    await expect(page.locator("aside[data-armed]")).toHaveAttribute("data-armed", "false");
    await expect(page.locator("aside[data-armed]")).not.toBeInViewport();
  });

  test("is out of sight while the header's trial button is on screen, at the end of a short page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/referrals/sent");
    const header = page.getByRole("banner");
    await expect(
      header.getByRole("link", { name: message("en", "common.nav.tryNow") }),
    ).toBeInViewport();
    await expect(
      page.getByRole("complementary", { name: message("en", "common.sticky.label") }),
    ).toBeHidden();
  });

  test("keeps its place at the end of guides, FAQs and legal pages, never over the text", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    const label = message("en", "common.sticky.label");
    for (const path of [
      "/xero-integration/how-we-integrate",
      "/faqs",
      "/terms",
      "/privacy-policy",
    ]) {
      await gotoHydrated(page, path);
      await wheelAndSettle(page, 1200);
      const bar = page.getByRole("complementary", { name: label });
      await expect(bar, path).toHaveAttribute("data-armed", "false");
      await expect(bar, path).not.toHaveClass(/stuck/);
      // At the end of the page, in its place above the footer.
      await bar.scrollIntoViewIfNeeded();
      await expect(bar, path).toBeInViewport();
      await expect(
        bar.getByRole("link", { name: message("en", "common.nav.tryNow") }),
      ).toBeVisible();
    }
  });
});

/** The trial bar as a visitor sees it, and what it should be from what is on screen. */
async function trialBarOnScreen(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>(".sticky-footer");
    if (!bar) throw new Error("no trial bar");
    const onScreen = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        element.checkVisibility({ visibilityProperty: true })
      );
    };
    const barBox = bar.getBoundingClientRect();
    const others = [
      ...document.querySelectorAll("main [data-register-cta], header [data-register-cta]"),
    ];
    return {
      scrollY: Math.round(window.scrollY),
      armed: bar.dataset.armed,
      stuck: bar.classList.contains("stuck"),
      shown: onScreen(bar),
      barInView: barBox.bottom > 0 && barBox.top < window.innerHeight,
      anotherTrialButtonInView: others.some(onScreen),
    };
  });
}

/** Two frames and the FAQ's 500 ms content toggle: what a visitor sees once it has settled. */
async function settleAfterToggle(page: Page) {
  await page.waitForTimeout(700);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test.describe("the trial bar follows what is on screen", () => {
  test("on /faqs at 1280 × 800 a question opened and closed again without a scroll leaves it as it was", async ({
    page,
  }) => {
    // Four toggles, each waiting out the FAQ's 500 ms content delay, at two places.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/faqs");
    const questions = page.locator("main summary");
    // At the top (the header's trial button on screen), then with the bar in its place at
    // the bottom of the screen (no other trial button on screen) and the last questions above.
    for (const scrollTo of ["top", "bar"] as const) {
      await page.evaluate((toBar) => {
        const bar = document.querySelector(".sticky-footer")?.getBoundingClientRect();
        const top = toBar && bar ? window.scrollY + bar.bottom - window.innerHeight : 0;
        window.scrollTo({ top, behavior: "instant" });
      }, scrollTo === "bar");
      await settleAfterToggle(page);
      const before = await trialBarOnScreen(page);
      expect(before.armed, scrollTo).toBe("false");
      expect(before.shown, scrollTo).toBe(before.barInView && !before.anotherTrialButtonInView);
      if (scrollTo === "bar") expect(before.shown, "the bar in its place on screen").toBe(true);
      // A question that is on screen now, clicked where it is (a mouse click, no scroll).
      const index = await questions.evaluateAll((elements) =>
        elements.findLastIndex((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight - 100;
        }),
      );
      expect(index, `a question on screen at the ${scrollTo}`).toBeGreaterThanOrEqual(0);
      const box = await questions.nth(index).boundingBox();
      if (!box) throw new Error("the question has no box");
      await page.mouse.click(box.x + 40, box.y + box.height / 2);
      await expect(questions.nth(index).locator("xpath=..")).toHaveAttribute("open", "");
      await settleAfterToggle(page);
      const open = await trialBarOnScreen(page);
      expect(open.shown, `${scrollTo}, question open`).toBe(
        open.barInView && !open.anotherTrialButtonInView,
      );
      await page.mouse.click(box.x + 40, box.y + box.height / 2);
      await expect(questions.nth(index).locator("xpath=..")).not.toHaveAttribute("open");
      await settleAfterToggle(page);
      const after = await trialBarOnScreen(page);
      expect(after.scrollY, `${scrollTo}: the page did not scroll`).toBe(before.scrollY);
      expect(after, `${scrollTo}: open and closed again`).toEqual(before);
    }
  });

  test("a page reached from a stuck bar's page starts from what is on its own screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/features");
    const bar = page.getByRole("complementary", { name: message("en", "common.sticky.label") });
    await wheelAndSettle(page, 900);
    await expect(bar).toHaveClass(/stuck/);
    // The stuck bar's own button is a link off the site; the footer's FAQ link stays in it.
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: message("en", "common.nav.faqs") })
      .click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await settleAfterToggle(page);
    const state = await trialBarOnScreen(page);
    expect(state).toMatchObject({ armed: "false", stuck: false });
    expect(state.shown).toBe(state.barInView && !state.anotherTrialButtonInView);
    // And at the end of the FAQ page it is in its place and in sight.
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }),
    );
    await settleAfterToggle(page);
    expect(await trialBarOnScreen(page)).toMatchObject({
      armed: "false",
      stuck: false,
      shown: true,
    });
  });
});

test.describe("chat bubble", () => {
  test("looks disabled and explains that chat is offline", async ({ page }) => {
    await gotoHydrated(page, "/");
    const bubble = page.getByRole("button", { name: message("en", "common.chat.label") });
    await expect(bubble).toHaveAttribute("aria-disabled", "true");
    await bubble.hover();
    await expect(page.getByRole("tooltip")).toHaveText(message("en", "common.chat.offline"));
    await bubble.focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toBeHidden();
  });
});

/** A page's hydration data, which the boot script fetches (decision record 0030). */
const HYDRATION_DATA = /\/assets\/hydration-[\w-]+\.data$/;

test.describe("start-up order", () => {
  for (const path of ["/", "/pricing", "/de/faqs"]) {
    test(`${path} paints and loads before any script is requested, then hydrates`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as
          | PerformanceNavigationTiming
          | undefined;
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        // The app's scripts and its hydration data (decision record 0030).
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => /\.js$|\/hydration-[\w-]+\.data$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        return {
          loadStart: navigation?.loadEventStart ?? Number.NaN,
          firstPaint: paint?.startTime ?? Number.NaN,
          scripts,
        };
      });
      expect(timing.scripts.length).toBeGreaterThan(3);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.loadStart);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint);
    });
  }

  test("the page carries no hydration data: the start fetches it, and asks again when it did not arrive", async ({
    page,
  }) => {
    const asked: string[] = [];
    await page.route(HYDRATION_DATA, (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return asked.length === 1 ? route.abort("internetdisconnected") : route.continue();
    });
    const response = await gotoHydrated(page, "/de");
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(/streamController\.(enqueue|close)\(/);
    const named = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>("script[data-entry]")?.dataset.hydration,
    );
    expect(named).toMatch(HYDRATION_DATA);
    expect(asked).toEqual([named, named]);
    // The hydrated page has its messages: a client navigation renders German copy.
    await page
      .getByRole("navigation", { name: message("de", "common.nav.label") })
      .getByRole("link", { name: message("de", "common.nav.pricing") })
      .click();
    await expect(page).toHaveURL(/\/de\/pricing$/);
    await expect(page).toHaveTitle(/^Preise \| Beyond$/);
  });

  test("without its hydration data the page stays as prerendered, and its links still work", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    let asked = 0;
    await page.route(HYDRATION_DATA, (route) => {
      asked += 1;
      return route.abort("internetdisconnected");
    });
    await page.goto("/pricing");
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(1 + HYDRATION_DATA_RETRIES);
    await page.waitForTimeout(HYDRATION_DATA_RETRY_MS + 500);
    expect(asked).toBe(1 + HYDRATION_DATA_RETRIES);
    expect(errors).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: message("en", "common.footer.terms") })
      .click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test("the start asks for every chunk, the renderer and the entry, six to a task, in order", async ({
    page,
  }) => {
    // Each batch of a MutationObserver is one task's changes: the boot script must put the
    // preloads in as few tasks as a connection-limited browser can use (six scripts each), so
    // that the largest chunks do not wait behind tasks that a slow phone spreads over a
    // hundred milliseconds or more, and so that no one task appends them all (a long task).
    await page.addInitScript(() => {
      const batches: string[][] = [];
      (window as unknown as { preloadBatches: string[][] }).preloadBatches = batches;
      new MutationObserver((records) => {
        const added = records
          .flatMap((record) => [...record.addedNodes])
          .filter(
            (node): node is HTMLLinkElement =>
              node instanceof HTMLLinkElement && node.rel === "modulepreload",
          )
          .map((link) => new URL(link.href).pathname);
        if (added.length > 0) batches.push(added);
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoHydrated(page, "/pricing");
    const { batches, listed } = await page.evaluate(() => {
      const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");
      return {
        batches: (window as unknown as { preloadBatches: string[][] }).preloadBatches,
        listed: [
          ...(JSON.parse(boot?.dataset.chunks ?? "[]") as string[]),
          boot?.dataset.renderer ?? "",
          boot?.dataset.entry ?? "",
        ],
      };
    });
    expect(listed.length).toBeGreaterThan(PRELOADS_PER_TASK);
    const batchSizes: number[] = [];
    for (let first = 0; first < listed.length; first += PRELOADS_PER_TASK) {
      batchSizes.push(Math.min(PRELOADS_PER_TASK, listed.length - first));
    }
    // The started app preloads the chunks of its later parts after these.
    const bootBatches = batches.slice(0, batchSizes.length);
    expect(bootBatches.map((batch) => batch.length)).toEqual(batchSizes);
    expect(bootBatches.flat()).toEqual(listed);
  });

  test("the first render leaves out what is off screen, and the start lays it all out", async ({
    browser,
    page,
  }) => {
    const skipped = (target: Page) =>
      target.evaluate(() =>
        [
          ...document.querySelectorAll(
            "main > section, main > .later-part > section, .site-footer",
          ),
        ].map((element) => getComputedStyle(element).contentVisibility),
      );
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const prerendered = await withoutScripts.newPage();
    await prerendered.goto("/");
    const [first, ...rest] = await skipped(prerendered);
    expect(first).toBe("visible");
    expect(rest.length).toBeGreaterThan(3);
    expect(new Set(rest)).toEqual(new Set(["auto"]));
    await withoutScripts.close();

    await gotoHydrated(page, "/");
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute("data-whole-page")),
    ).toBe(true);
    expect(new Set(await skipped(page))).toEqual(new Set(["visible"]));
  });

  test("each section and the footer paints as a layer of its own, without a stacking context", async ({
    page,
  }) => {
    // A change inside one section (a focus ring, a price) then repaints that section alone,
    // not the whole page (decision record 0029); z-indexes still reach across sections.
    for (const path of ["/", "/pricing", "/terms"]) {
      await gotoHydrated(page, path);
      const sections = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            "main > section, main > .later-part > section, .legal-section, .site-footer",
          ),
        ].map((element) => {
          const style = getComputedStyle(element);
          return `${style.position} ${style.zIndex} ${style.isolation}`;
        }),
      );
      expect(sections.length, path).toBeGreaterThan(2);
      expect(new Set(sections), path).toEqual(new Set(["relative auto auto"]));
    }
  });

  test("no rule matches a popover's state through :has(), which restyles the tap's ancestors", async ({
    page,
  }) => {
    // The menu toggle's close icon follows aria-expanded instead (decision record 0029).
    await gotoHydrated(page, "/");
    const selectors = await page.evaluate(() => {
      const found: string[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) found.push(rule.selectorText);
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      return found;
    });
    expect(selectors.length).toBeGreaterThan(100);
    expect(selectors.filter((selector) => /:has\([^)]*:popover-open/.test(selector))).toEqual([]);
  });

  test("the first round trips carry no icon or manifest; the started app links the manifest", async ({
    browser,
    page,
    request,
  }) => {
    const iconAndManifest = (target: Page) =>
      target.evaluate(() => ({
        icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? "",
        manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
      }));
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const prerendered = await withoutScripts.newPage();
    const requested: string[] = [];
    prerendered.on("request", (sent) => requested.push(new URL(sent.url()).pathname));
    await prerendered.goto("/de/pricing", { waitUntil: "load" });
    const before = await iconAndManifest(prerendered);
    expect(before.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(before.manifest).toBeNull();
    expect(requested.filter((path) => /favicon|manifest/.test(path))).toEqual([]);
    await withoutScripts.close();

    await gotoHydrated(page, "/de/pricing");
    const after = await iconAndManifest(page);
    expect(after.icon).toBe(before.icon);
    expect(new URL(after.manifest ?? "").pathname).toBe("/site.webmanifest");
    const manifest = await request.get("/site.webmanifest");
    expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
    expect((await manifest.json()).icons[0].src).toBe("/favicon.svg");
  });

  test("the consent-gated services come in a chunk of their own, after the start, and still apply a choice", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      let router: unknown;
      Object.defineProperty(window, "__reactRouterDataRouter", {
        configurable: true,
        get: () => router,
        set: (value) => {
          router = value;
          (window as unknown as { startedAt: number }).startedAt ??= performance.now();
        },
      });
    });
    await gotoHydrated(page, "/pricing");
    const servicesChunk = () =>
      page.evaluate(() => {
        const entry = performance
          .getEntriesByType("resource")
          .find((resource) => /\/assets\/consent-services-[\w-]+\.js$/.test(resource.name));
        const boot = document.querySelector<HTMLScriptElement>("script[data-entry]");
        return {
          requestedAt: entry?.startTime ?? null,
          startedAt: (window as unknown as { startedAt: number }).startedAt,
          firstLoad: [...(JSON.parse(boot?.dataset.chunks ?? "[]") as string[])],
        };
      });
    await expect.poll(async () => (await servicesChunk()).requestedAt).not.toBeNull();
    const { requestedAt, startedAt, firstLoad } = await servicesChunk();
    expect(firstLoad.length).toBeGreaterThan(5);
    expect(firstLoad.filter((chunk) => chunk.includes("consent-services"))).toEqual([]);
    expect(requestedAt).toBeGreaterThanOrEqual(startedAt);

    await page.getByRole("button", { name: "Accept all" }).click();
    // Consent Mode's update, pushed by the services from their chunk.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window.dataLayer ?? []).some((entry) => {
            const command = Array.from(entry as ArrayLike<unknown>);
            return command[0] === "consent" && command[1] === "update";
          }),
        ),
      )
      .toBe(true);
  });

  test("the prerendered page preloads no modules and parks the app module", async ({ request }) => {
    const html = await (await request.get("/pricing")).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toContain('<script type="text/x-deferred-module" id="deferred-app-module">');
  });

  test("the head's script is in the page, not in the app's chunks, and hydration leaves it be", async ({
    page,
  }) => {
    const chunks: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) chunks.push(response.text());
    });
    await gotoHydrated(page, "/");
    const headScript = () =>
      page.evaluate(() => document.head.querySelector("script:not([src])")?.textContent ?? "");
    // Text of its parts (the consent probe's cookie test, the capture script's consent
    // records) that neither escaping nor postbuild's minifier changes.
    const parts = ["consent=/.test(document.cookie)", "a=1&m=0"];
    for (const part of parts) expect(await headScript()).toContain(part);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of await Promise.all(chunks)) {
      for (const part of parts) expect(chunk).not.toContain(part);
    }
    // root.tsx renders the text empty in the browser, and React keeps the prerendered text,
    // when it hydrates and when the layout renders again on a client-side navigation: a
    // React that replaced it would empty it here.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    for (const part of parts) expect(await headScript()).toContain(part);
  });
});
