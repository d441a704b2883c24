import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { FAQ_SLUGS } from "../../app/content/faqs.ts";
import { CONSENT_VERSION } from "../../app/lib/analytics/constants.ts";
import { LOCALES, type Locale, localeFromPath, localizePath } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated, LOCALIZED_PAGES, waitForHydration } from "./support/pages.ts";
import { cookieNames, standInForThirdParties } from "./support/third-party.ts";

const banner = (page: Page, locale: Locale = "en") =>
  page.getByRole("region", { name: message(locale, "consent.banner.title") });

/** One page of every page type. */
const PAGE_TYPES = [
  "/",
  "/xero",
  "/features",
  "/referrals",
  "/pricing",
  "/faqs",
  `/faqs/${FAQ_SLUGS[0]}`,
  "/terms",
  "/privacy-policy",
  "/xero-integration",
  "/xero-integration/how-we-integrate",
  "/xero-integration/faqs",
  "/de/pricing",
  "/no-such-page",
];

async function consentCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "consent");
  return cookie ? { ...cookie, value: decodeURIComponent(cookie.value) } : undefined;
}

test.describe("before the visitor decides", () => {
  for (const path of PAGE_TYPES) {
    test(`${path} makes no third-party request, sets no cookie and Consent Mode denies all`, async ({
      page,
    }) => {
      await page.clock.install();
      const thirdParties = await standInForThirdParties(page);
      await gotoHydrated(page, `${path}?referrer=acme_spring_2024`);
      await expect(banner(page, localeFromPath(path))).toBeVisible();
      // Idle callbacks, load handlers and the analytics upload period all pass, and the
      // visitor reaches for the chat bubble. The Consent Mode defaults are pushed by the
      // consent-services chunk, which the consent manager requests from a timer and which then
      // arrives over the real network: the test waits for it rather than reading the data
      // layer the moment the fake clock has run.
      await page.clock.runFor(60_000);
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
          ),
        )
        .toEqual([
          [
            "consent",
            "default",
            {
              ad_storage: "denied",
              ad_user_data: "denied",
              ad_personalization: "denied",
              analytics_storage: "denied",
              wait_for_update: 500,
            },
          ],
        ]);
      // Whatever that chunk schedules gets its time too before the requests are counted.
      await page.clock.runFor(60_000);
      await page
        .getByRole("button", { name: message(localeFromPath(path), "common.chat.label") })
        .hover();
      await page.clock.runFor(5_000);
      expect(thirdParties.requests).toEqual([]);
      expect(await cookieNames(page)).toEqual([]);
    });
  }
});

/**
 * Scrolls the whole page through the viewport, so every section's in-view effects run. Each
 * step waits for a frame, bounded by a timer: a headless renderer on a loaded host sometimes
 * stops producing frames for a while, and an unbounded wait used up a CI run's whole test
 * (the layout suite's `settle` met the same).
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 40));
        setTimeout(resolve, 2000);
      });
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let top = 0; top < document.documentElement.scrollHeight; top += step) {
      window.scrollTo({ top, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await frame();
  });
  // Whatever a section started on its way through the viewport has been requested by now.
  await page.waitForTimeout(300);
}

test.describe("no request leaves the site while every page is scrolled through", () => {
  // One pass over each of the locale's pages per test.
  test.describe.configure({ timeout: 240_000 });
  for (const locale of LOCALES) {
    // Every page template; the ten FAQ pages share one, so one of them stands for all.
    const paths = LOCALIZED_PAGES.filter(
      (entry) =>
        entry.locale === locale &&
        (!/\/faqs\/./.test(entry.path) || entry.path.endsWith(`/faqs/${FAQ_SLUGS[0]}`)),
    ).map((entry) => entry.path);
    for (const choice of ["before any choice", "after Reject all"] as const) {
      test(`${locale}, ${choice}: ${paths.length} pages, 0 requests to other origins`, async ({
        page,
        baseURL,
      }) => {
        const origin = new URL(baseURL ?? "").origin;
        const offsite: string[] = [];
        const isOffsite = (url: URL) =>
          /^(https?|wss?):$/.test(url.protocol) && url.origin !== origin;
        page.on("request", (request) => {
          if (isOffsite(new URL(request.url()))) offsite.push(`${page.url()} -> ${request.url()}`);
        });
        // Recorded above, then stopped here: nothing leaves the machine either way.
        await page.route(isOffsite, (route) => route.abort("blockedbyclient"));
        if (choice === "after Reject all") {
          await gotoHydrated(page, paths[0] ?? "/");
          await banner(page, locale)
            .getByRole("button", { name: message(locale, "consent.banner.rejectAll") })
            .click();
          await expect(banner(page, locale)).toBeHidden();
        }
        for (const path of paths) {
          await gotoHydrated(page, path);
          await scrollThrough(page);
        }
        expect(offsite).toEqual([]);
      });
    }
  }
});

test.describe("the banner", () => {
  for (const locale of LOCALES) {
    test(`asks in ${locale} with three choices of equal weight`, async ({ page }) => {
      await gotoHydrated(page, localizePath("/pricing", locale));
      const region = page.getByRole("region", { name: message(locale, "consent.banner.title") });
      await expect(region).toBeVisible();
      const buttons = [
        region.getByRole("button", { name: message(locale, "consent.banner.acceptAll") }),
        region.getByRole("button", { name: message(locale, "consent.banner.rejectAll") }),
        region.getByRole("button", { name: message(locale, "consent.banner.settings") }),
      ];
      const looks = [];
      for (const button of buttons) {
        await expect(button).toBeVisible();
        looks.push(
          await button.evaluate((element) => {
            const style = getComputedStyle(element);
            return [
              style.backgroundColor,
              style.color,
              style.fontSize,
              style.fontWeight,
              element.getBoundingClientRect().height,
            ];
          }),
        );
      }
      expect(looks[1]).toEqual(looks[0]);
      expect(looks[2]).toEqual(looks[0]);
    });
  }

  test("a choice only hides it in the tap's frame; storing it and giving back its room come after that frame is painted", async ({
    page,
  }) => {
    // Removing the banner, the room kept for it (a layout of the whole page) and starting
    // the services in the tap's own frame made the consent choice the slowest interaction
    // on the throttled phone (issue 50: INP).
    await gotoHydrated(page, "/pricing");
    const region = page.getByRole("region", { name: message("en", "consent.banner.title") });
    await expect(region).toBeVisible();
    await page.evaluate(() => {
      addEventListener(
        "click",
        () =>
          requestAnimationFrame(() => {
            const banner = document.querySelector(".consent-banner");
            Object.assign(window, {
              __tapFrame: {
                attached: banner !== null,
                displayed: banner !== null && getComputedStyle(banner).display !== "none",
                roomKept: document.body.style.paddingBottom !== "",
                stored: /(?:^|;\s*)consent=/.test(document.cookie),
              },
            });
          }),
        { capture: true, once: true },
      );
    });
    await region.getByRole("button", { name: message("en", "consent.banner.acceptAll") }).click();
    await expect.poll(() => page.evaluate(() => "__tapFrame" in window)).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __tapFrame: unknown }).__tapFrame),
    ).toEqual({
      attached: true,
      displayed: false,
      roomKept: true,
      stored: false,
    });
    await expect(page.locator(".consent-banner")).not.toBeAttached();
    await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe("");
    expect(await cookieNames(page)).toContain("consent");
  });

  test("a choice is kept when the visitor leaves the page before its frame is drawn", async ({
    page,
  }) => {
    await gotoHydrated(page, "/pricing");
    // A page that draws no frame stores the choice a second later; leaving before that
    // must not lose it.
    await page.evaluate(() => {
      window.requestAnimationFrame = () => 0;
    });
    await page
      .getByRole("region", { name: message("en", "consent.banner.title") })
      .getByRole("button", { name: message("en", "consent.banner.rejectAll") })
      .click();
    await page.goto("/faqs");
    const stored = (await page.context().cookies()).find((cookie) => cookie.name === "consent");
    expect(decodeURIComponent(stored?.value ?? "")).toMatch(/a=0&m=0/);
  });

  test("is axe clean on both layers and does not shift the page", async ({ page }) => {
    test.setTimeout(60_000);
    await gotoHydrated(page, "/");
    await expect(banner(page)).toBeVisible();
    const scan = async () =>
      (
        await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze()
      ).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`,
      );
    expect(await scan()).toEqual([]);
    await banner(page).getByRole("button", { name: "Settings" }).click();
    expect(await scan()).toEqual([]);
    expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe(
      "fixed",
    );
  });

  test("keeps room for its measured height below the page and in the scroll padding, and none once closed", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/de/pricing");
    const room = () =>
      page.evaluate(() => {
        const root = document.documentElement;
        const bubble = document.querySelector(".chat-bubble");
        return {
          banner: Math.ceil(
            document.querySelector<HTMLElement>(".consent-banner")?.offsetHeight ?? 0,
          ),
          scrollPadding: getComputedStyle(root).scrollPaddingBottom,
          bodyPadding: getComputedStyle(document.body).paddingBottom,
          bubbleHeight:
            bubble && getComputedStyle(bubble).getPropertyValue("--consent-banner-height"),
          // A custom property on the root would restyle every element of the page.
          rootCustomProperties: [...root.style].filter((name) => name.startsWith("--")),
          declared: [root.style.scrollPaddingBottom, document.body.style.paddingBottom],
        };
      });
    // The root's scroll padding follows a frame after the body's (use-banner-height.ts).
    await expect
      .poll(async () => {
        const { scrollPadding, banner } = await room();
        return scrollPadding === `${banner + 32}px`;
      })
      .toBe(true);
    const open = await room();
    expect(open.banner).toBeGreaterThan(0);
    // The clearance is two spacing steps (2rem).
    expect(open.scrollPadding).toBe(`${open.banner + 32}px`);
    expect(open.bodyPadding).toBe(`${open.banner + 32}px`);
    expect(open.bubbleHeight).toBe(`${open.banner}px`);
    expect(open.rootCustomProperties).toEqual([]);

    // Which frame the banner leaves in, and which frame the root's style changes in: a
    // change of the root's scroll padding restyles the whole page in Chromium, so it must
    // not land in the frame that answers the tap.
    await page.evaluate(() => {
      const marks: { frame: number; bannerGone?: number; rootChanged?: number } = { frame: 0 };
      (window as unknown as { roomMarks: typeof marks }).roomMarks = marks;
      const count = () => {
        marks.frame += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      new MutationObserver(() => {
        if (!document.querySelector(".consent-banner")) marks.bannerGone ??= marks.frame;
      }).observe(document.body, { childList: true });
      new MutationObserver(() => {
        marks.rootChanged ??= marks.frame;
      }).observe(document.documentElement, { attributeFilter: ["style"] });
    });
    await banner(page, "de")
      .getByRole("button", { name: message("de", "consent.banner.rejectAll") })
      .click();
    await expect(banner(page, "de")).toBeHidden();
    // Back to the page's own (pricing keeps scroll padding for its sticky summary).
    await expect.poll(async () => (await room()).declared).toEqual(["", ""]);
    const marks = await page.evaluate(
      () => (window as unknown as { roomMarks: Record<string, number> }).roomMarks,
    );
    expect(marks.bannerGone).toBeDefined();
    expect(marks.rootChanged).toBeGreaterThan(marks.bannerGone ?? Number.POSITIVE_INFINITY);
    const closed = await room();
    expect(closed.bodyPadding).toBe("0px");
    expect(closed.scrollPadding).not.toBe(open.scrollPadding);
  });

  test("leaves the hero's calls to action in view on a laptop, and a phone's screen mostly free", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    for (const locale of LOCALES) {
      await page.setViewportSize({ width: 1440, height: 900 });
      for (const path of ["/", "/xero", "/referrals"]) {
        const url = localizePath(path, locale);
        await gotoHydrated(page, url);
        const { controls, covered } = await banner(page, locale).evaluate((element) => {
          const own = element.getBoundingClientRect();
          const all = [
            ...document.querySelectorAll("[data-hero-actions] a, [data-hero-actions] button"),
          ];
          const under = all.filter((control) => {
            const box = control.getBoundingClientRect();
            return (
              box.bottom > own.top &&
              box.top < own.bottom &&
              box.right > own.left &&
              box.left < own.right
            );
          });
          return {
            controls: all.length,
            covered: under.map((control) => control.textContent?.trim()),
          };
        });
        if (controls === 0) problems.push(`${url}: no hero calls to action found`);
        if (covered.length > 0) problems.push(`${url} at 1440: covers ${covered.join(", ")}`);
      }
      // A phone: at most 45 % of an iPhone SE's screen, in the longest language.
      await page.setViewportSize({ width: 375, height: 667 });
      await gotoHydrated(page, localizePath("/", locale));
      const height = await banner(page, locale).evaluate(
        (element) => element.getBoundingClientRect().height,
      );
      if (height > 0.45 * 667) problems.push(`${locale} at 375: ${height} px tall`);
    }
    expect(problems).toEqual([]);
  });

  test("is reachable and operable with the keyboard, and the settings start unticked", async ({
    page,
  }) => {
    await gotoHydrated(page, "/features");
    await expect(banner(page)).toBeVisible();
    const settings = banner(page).getByRole("button", { name: "Settings" });
    // First in the tab order after the skip link: its policy link and its three choices,
    // not the 40-odd controls of the page first.
    const stops: string[] = [];
    for (let presses = 0; presses < 80; presses += 1) {
      await page.keyboard.press("Tab");
      stops.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
      if (await settings.evaluate((element) => element === document.activeElement)) break;
    }
    expect(stops).toEqual([
      message("en", "common.skipLink"),
      "Cookies policy",
      "Accept all",
      "Reject all",
      "Settings",
    ]);
    await expect(settings).toBeFocused();
    await page.keyboard.press("Enter");
    const analytics = banner(page).getByRole("switch", { name: "Analytics and live chat" });
    const marketing = banner(page).getByRole("switch", { name: "Marketing" });
    await expect(analytics).toBeFocused();
    await expect(analytics).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    await page.keyboard.press("Space");
    await expect(analytics).toBeChecked();
    await banner(page).getByRole("button", { name: "Save choices" }).press("Enter");
    await expect(banner(page)).toBeHidden();
    await expect(page.getByText("Your cookie choices have been saved.")).toBeAttached();
    expect((await consentCookie(page))?.value).toMatch(
      new RegExp(`^v=${CONSENT_VERSION}&at=\\d+&a=1&m=0$`),
    );
  });
});

test.describe("the stored choice", () => {
  test("Reject all is stored with its date and version for at most six months, and nothing loads", async ({
    page,
  }) => {
    const thirdParties = await standInForThirdParties(page);
    await page.clock.install();
    await gotoHydrated(page, "/?referrer=acme_spring_2024");
    const before = Date.now();
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page)).toBeHidden();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toMatch(new RegExp(`^v=${CONSENT_VERSION}&at=\\d+&a=0&m=0$`));
    const lifetimeDays = ((cookie?.expires ?? 0) * 1000 - before) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(180);
    expect(lifetimeDays).toBeLessThanOrEqual(183);
    await page.clock.runFor(60_000);
    await page.getByRole("button", { name: message("en", "common.chat.label") }).hover();
    await page.clock.runFor(10_000);
    expect(thirdParties.requests).toEqual([]);
    expect(await cookieNames(page)).toEqual(["consent"]);

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(banner(page)).toBeHidden();
  });

  const stale = [
    ["an older version", `v=${CONSENT_VERSION - 1}&at=${Date.now()}&a=1&m=1`],
    [
      "a record older than six months",
      `v=${CONSENT_VERSION}&at=${Date.now() - 190 * 86_400_000}&a=1&m=1`,
    ],
    ["a malformed record", "yes"],
  ] as const;
  test("what an expired choice left behind goes once the app has started", async ({
    page,
    context,
    baseURL,
  }) => {
    const url = baseURL ?? "";
    await context.addCookies([
      { name: "consent", value: encodeURIComponent(stale[1][1]), url },
      { name: "_ga", value: "GA1.1.1.1", url },
      { name: "_gcl_au", value: "1.1.1", url },
    ]);
    await page.goto("/terms");
    await page.evaluate(() => localStorage.setItem("AMP_unsent_test", "[]"));
    await gotoHydrated(page, "/pricing");
    await expect(banner(page)).toBeVisible();
    await expect.poll(() => cookieNames(page)).toEqual(["consent"]);
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("AMP_"))),
      )
      .toEqual([]);
  });

  for (const [label, value] of stale) {
    test(`${label} is asked again and grants nothing`, async ({ page, context, baseURL }) => {
      const thirdParties = await standInForThirdParties(page);
      await context.addCookies([
        { name: "consent", value: encodeURIComponent(value), url: baseURL ?? "" },
      ]);
      await gotoHydrated(page, "/pricing");
      await expect(banner(page)).toBeVisible();
      expect(thirdParties.requests).toEqual([]);
    });
  }

  test("the footer's Cookie settings reopens the banner, and withdrawing removes the cookies", async ({
    page,
  }) => {
    const thirdParties = await standInForThirdParties(page);
    await gotoHydrated(page, "/?referrer=acme_spring_2024");
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => cookieNames(page)).toEqual(expect.arrayContaining(["referrerCode"]));
    await expect
      .poll(() => cookieNames(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^AMP_/)]));
    expect(thirdParties.requests.length).toBeGreaterThan(0);

    const reopen = page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" });
    await reopen.click();
    await expect(banner(page)).toBeVisible();
    const analytics = banner(page).getByRole("switch", { name: "Analytics and live chat" });
    await expect(analytics).toBeFocused();
    await expect(analytics).toBeChecked();
    await expect(banner(page).getByRole("switch", { name: "Marketing" })).toBeChecked();

    // Withdrawal is one click; scripts cannot be unloaded, so the page reloads without them.
    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Reject all" }).click();
    await reloaded;
    await waitForHydration(page);
    await expect(banner(page)).toBeHidden();
    expect(await cookieNames(page)).toEqual(["consent"]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("AMP_"))),
    ).toEqual([]);
    expect((await consentCookie(page))?.value).toMatch(/&a=0&m=0$/);
  });
});

test.describe("before the app has started", () => {
  /** Holds every script back, so the page stays as prerendered: what the first paint shows. */
  const withoutScripts = (page: Page) => page.route(/\.js$/, (route) => route.abort());

  test("a first visit sees the banner in the prerendered page", async ({ page }) => {
    await withoutScripts(page);
    await page.goto("/faqs");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeVisible();
  });

  test("a visitor who has decided never sees it, even before the app reads the record", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      {
        name: "consent",
        value: encodeURIComponent(`v=${CONSENT_VERSION}&at=${Date.now()}&a=0&m=0`),
        url: baseURL ?? "",
      },
    ]);
    await withoutScripts(page);
    await page.goto("/faqs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  });
});
