import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { testNoAxeViolations } from "./support/axe.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";
import {
  TEST_TOUR_DURATION_SECONDS,
  TEST_TOUR_ID,
  TEST_WALKTHROUGH_DURATION_SECONDS,
  TEST_WALKTHROUGH_ID,
  TEST_XERO_TRACKING_ID,
} from "./support/test-build-config.ts";
import { storeConsent } from "./support/third-party.ts";

const THIRD_PARTY = /vimeo\.com|vimeocdn\.com/;

/** Answers every video-host request with a stub page; the list fills as requests arrive. */
async function standInForVideoHost(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(THIRD_PARTY, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title>" });
  });
  return requests;
}

/**
 * Answers the video host's requests with a stub page, but holds the player frame's document
 * back until the returned function is called (the no-cors check is answered at once).
 */
async function holdVideoHostDocument(context: BrowserContext): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.unrouteAll();
  await context.route(THIRD_PARTY, async (route) => {
    if (route.request().resourceType() === "document") await released;
    await route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title>" });
  });
  return release;
}

const CLOCK_START = new Date("2026-03-02T09:00:00Z");

/**
 * Installs a paused fake clock before the page loads, so only `runFor` moves time: a busy
 * machine cannot let real time leak into the 9-second rotation or the 50 ms pop-up delay.
 */
async function installPausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(new Date(CLOCK_START.getTime() + 1000));
}

test.describe("landing sections in every locale", () => {
  for (const locale of LOCALES) {
    test(`${locale}: masthead, why use, features, testimonials, video, try it free and supporters`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/", locale));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        m("landing.masthead.heading"),
      );
      for (const point of ["sync", "owners", "rules"]) {
        await expect(page.getByText(m(`landing.masthead.points.${point}`))).toBeVisible();
      }
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: m("common.nav.tryNow") }).first()).toBeVisible();
      await expect(
        main.getByRole("link", { name: m("common.nav.bookDemo") }).first(),
      ).toHaveAttribute("target", "_blank");
      for (const heading of [
        "whyUse.heading",
        "features.heading",
        "testimonials.heading",
        "video.heading",
        "tryItFree.heading",
        "supportedBy.heading",
      ]) {
        await expect(
          page.getByRole("heading", { level: 2, name: m(`landing.${heading}`) }),
        ).toBeAttached();
      }
      for (const feature of ["integrate", "import", "rules", "data", "reallocate", "drivers"]) {
        await expect(
          page.getByRole("heading", {
            level: 3,
            name: m(`landing.features.items.${feature}.title`),
          }),
        ).toBeAttached();
      }
      const supporters = page.getByRole("region", { name: m("landing.supportedBy.heading") });
      await expect(supporters.getByRole("link")).toHaveCount(4);
      for (const id of ["ef", "force-over-mass", "capital-list", "nesta"]) {
        await expect(
          supporters.getByRole("link", {
            name: new RegExp(`^${m(`landing.supportedBy.items.${id}`)}`),
          }),
        ).toHaveAttribute("href", /^https:\/\//);
      }
    });
  }
});

test.describe("the trust strip", () => {
  for (const locale of LOCALES) {
    test(`${locale}: the landing, features and Xero pages state the four facts, translated`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      for (const path of ["/", "/features", "/xero"]) {
        await gotoHydrated(page, localizePath(path, locale));
        const strip = page.getByRole("list", { name: m("landing.trust.label") });
        await expect(strip.getByRole("listitem")).toHaveCount(4);
        for (const fact of ["hosting", "sync", "languages", "trial"]) {
          const item = strip
            .getByRole("listitem")
            .filter({ hasText: m(`landing.trust.${fact}.title`) });
          await expect(item).toBeVisible();
          await expect(item).toContainText(m(`landing.trust.${fact}.detail`));
        }
      }
    });
  }

  test("sits on the first screen of a laptop, under the hero's calls to action", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/");
    const strip = page.getByRole("list", { name: message("en", "landing.trust.label") });
    await expect(strip).toBeInViewport({ ratio: 1 });
    const button = page
      .getByRole("main")
      .getByRole("link", { name: message("en", "common.nav.tryNow") })
      .first();
    const [buttonBox, stripBox] = [await button.boundingBox(), await strip.boundingBox()];
    expect(stripBox?.y).toBeGreaterThan((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0));
  });
});

test("the masthead image is the eager, high-priority, responsive largest paint", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const image = page.getByRole("img", { name: message("en", "landing.masthead.imageAlt") });
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(image).toHaveAttribute("width", "1666");
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect(image).toHaveAttribute("srcset", /500w.*1000w.*1666w/);
  const picture = page.locator("picture", { has: image });
  for (const type of ["image/avif", "image/webp"]) {
    await expect(picture.locator(`source[type="${type}"]:not([media])`)).toHaveAttribute(
      "srcset",
      /500w.*1000w.*1666w/,
    );
    // Phones get the screen's phone image instead, at 1x and 2x.
    await expect(picture.locator(`source[type="${type}"][media]`)).toHaveAttribute(
      "srcset",
      /budgets-phone-en-380-.*380w.*budgets-phone-en-760-.*760w/,
    );
  }
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test.describe("why use Beyond", () => {
  const tab = (page: Page, id: string) =>
    page.getByRole("tab", { name: message("en", `landing.whyUse.points.${id}.tab`) });
  const panelHeading = (page: Page, id: string) =>
    page.getByRole("tabpanel").getByRole("heading", {
      name: message("en", `landing.whyUse.points.${id}.title`),
    });

  test("starts on save-time and the arrows wrap both ways", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(tab(page, "save-time")).toHaveAttribute("aria-selected", "true");
    await expect(panelHeading(page, "save-time")).toBeVisible();

    await page.getByRole("button", { name: "Previous reason" }).click();
    await expect(tab(page, "plan")).toHaveAttribute("aria-selected", "true");
    await expect(panelHeading(page, "plan")).toBeVisible();
    await expect(page.getByText("Reason 3 of 3: Forecast with confidence")).toBeAttached();

    await page.getByRole("button", { name: "Next reason" }).click();
    await expect(tab(page, "save-time")).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Next reason" }).click();
    await expect(tab(page, "engage-staff")).toHaveAttribute("aria-selected", "true");
    await expect(panelHeading(page, "engage-staff")).toBeVisible();
  });

  test("fades out over 300 ms before the next point fades in", async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await tab(page, "plan").click();
    await expect(page.getByRole("tabpanel")).toHaveAttribute("data-phase", "out");
    await page.clock.runFor(300);
    await expect(page.getByRole("tabpanel")).toHaveAttribute("data-phase", "in");
    await expect(panelHeading(page, "plan")).toBeVisible();
  });

  test("is operable with the arrow keys, wrapping at the ends", async ({ page }) => {
    await gotoHydrated(page, "/");
    await tab(page, "save-time").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "plan")).toBeFocused();
    await expect(tab(page, "plan")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "save-time")).toBeFocused();
    await page.keyboard.press("End");
    await expect(tab(page, "plan")).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("testimonials carousel", () => {
  const name = (id: string) => message("en", `landing.testimonials.items.${id}.name`);
  const shows = async (page: Page, id: string) =>
    expect(page.getByText(name(id), { exact: true })).toBeVisible();

  test("advances every 9 seconds and wraps around", async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await shows(page, "sophie");
    await page.clock.runFor(9000);
    await shows(page, "daniel");
    await page.clock.runFor(9000);
    await shows(page, "lucia");
    await page.clock.runFor(9000);
    await shows(page, "jonas");
    await page.clock.runFor(9000);
    await shows(page, "sophie");
  });

  test("a dot shows its item and pauses rotation, which restarts after 9 seconds", async ({
    page,
  }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: `Show story 3: ${name("lucia")}` }).click();
    await page.mouse.move(0, 0);
    await shows(page, "lucia");
    await expect(page.getByRole("button", { name: /^Show story 3/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // Rotation restarts 9 s after the click; the next item follows one interval later.
    await page.clock.runFor(9000);
    await shows(page, "lucia");
    await page.clock.runFor(8500);
    await shows(page, "lucia");
    await page.clock.runFor(1000);
    await shows(page, "jonas");
    await page.clock.runFor(9000);
    await shows(page, "sophie");
  });

  test("the pause control stops rotation and the play control restarts it", async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Pause rotation" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(30_000);
    await shows(page, "sophie");
    await page.getByRole("button", { name: "Start rotation" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await shows(page, "daniel");
  });

  test("does not rotate while the pointer rests on it", async ({ page }) => {
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await page.getByText(name("sophie"), { exact: true }).hover();
    await page.clock.runFor(20_000);
    await shows(page, "sophie");
  });

  test("stays still when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    await expect(page.getByRole("button", { name: "Start rotation" })).toBeVisible();
    await page.clock.runFor(40_000);
    await shows(page, "sophie");
  });
});

test.describe("video section", () => {
  const PLAY = "Play video: Beyond product tour";

  test("shows our own poster and asks nothing of the host until play, then embeds a 16:9 do-not-track player", async ({
    page,
    context,
  }) => {
    const requests = await standInForVideoHost(context);
    await gotoHydrated(page, "/");
    await page.locator("#video").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await expect(page.getByRole("button", { name: PLAY }).locator("img")).toHaveAttribute(
      "src",
      /^\/assets\/poster-en-1280-.*\.jpg$/,
    );

    await page.getByRole("button", { name: PLAY }).click();
    const player = page.locator("iframe[title='Video player: Beyond product tour']");
    await expect(player).toHaveAttribute(
      "src",
      `https://player.vimeo.com/video/${TEST_TOUR_ID}?autoplay=1&dnt=1#t=0s`,
    );
    const box = await player.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    await expect(player).toBeFocused();
    // Only the player (and the check that its host answers), never the thumbnail API.
    expect(requests.every((url) => url.startsWith("https://player.vimeo.com/"))).toBe(true);
  });

  // The poster is a clean frame with its length (issue 14), as a player writes one (m:ss) in
  // every language, beside the play label in the page's own.
  for (const { locale, path, titleKey, seconds } of [
    {
      locale: "en",
      path: "/",
      titleKey: "landing.video.title",
      seconds: TEST_TOUR_DURATION_SECONDS,
    },
    {
      locale: "fr",
      path: "/",
      titleKey: "landing.video.title",
      seconds: TEST_TOUR_DURATION_SECONDS,
    },
    {
      locale: "de",
      path: "/xero",
      titleKey: "xero.video.title",
      seconds: TEST_WALKTHROUGH_DURATION_SECONDS,
    },
  ] as const) {
    test(`${locale}: ${path}'s poster shows the video's length beside its play label`, async ({
      page,
      context,
    }) => {
      await standInForVideoHost(context);
      await gotoHydrated(page, localizePath(path, locale));
      const length = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
      const play = message(locale, "landing.video.play").replace(
        "{title}",
        message(locale, titleKey),
      );
      const button = page.getByRole("button", { name: `${play} ${length}`, exact: true });
      await expect(button).toBeVisible();
      await button.scrollIntoViewIfNeeded();
      const badge = button.getByText(length, { exact: true });
      await expect(badge).toBeVisible();
      await expect(badge).toHaveAttribute("datetime", `PT${seconds}S`);
      // On the poster, not beside it.
      const [frame, inside] = [await button.boundingBox(), await badge.boundingBox()];
      expect(
        frame && inside && inside.y > frame.y && inside.y + inside.height < frame.y + frame.height,
      ).toBe(true);
    });
  }

  test("gives focus back to the player once it has loaded if the page dropped it, but not if the visitor moved it", async ({
    page,
    context,
  }) => {
    const answerHost = await holdVideoHostDocument(context);
    await gotoHydrated(page, "/");
    await page.locator("#video").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: PLAY }).click();
    const player = page.locator("iframe[title='Video player: Beyond product tour']");
    await expect(player).toBeFocused();
    // What a busy browser can do while it swaps the frame's document: focus falls to the body.
    await player.evaluate((frame) => (frame as HTMLIFrameElement).blur());
    await expect(page.locator("body")).toBeFocused();
    answerHost();
    await expect(player).toBeFocused();

    await gotoHydrated(page, "/");
    await page.locator("#video").scrollIntoViewIfNeeded();
    const answerAgain = await holdVideoHostDocument(context);
    await page.getByRole("button", { name: PLAY }).click();
    await expect(player).toBeFocused();
    const heading = page.getByRole("heading", {
      level: 2,
      name: message("en", "landing.video.heading"),
    });
    await heading.evaluate((element) => {
      element.setAttribute("tabindex", "-1");
      (element as HTMLElement).focus();
    });
    await player.evaluate((frame) =>
      frame.addEventListener("load", () => frame.setAttribute("data-test-loaded", ""), {
        once: true,
      }),
    );
    answerAgain();
    await expect(player).toHaveAttribute("data-test-loaded", "");
    await expect(heading).toBeFocused();
  });

  test("with consent to embedded videos, loads the host's thumbnail as 1100x619 WebP and JPEG once in view", async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL, { analytics: false, marketing: true });
    await context.route(`https://vimeo.com/api/v2/video/${TEST_TOUR_ID}.json`, (route) =>
      route.fulfill({
        json: [{ thumbnail_large: "https://i.vimeocdn.com/video/856323_640" }],
      }),
    );
    // A real image, so the placeholder keeps the thumbnail instead of falling back.
    await context.route(/i\.vimeocdn\.com/, (route) =>
      route.fulfill({
        path: "app/assets/clip/try-it-free-poster-en.webp",
        contentType: "image/webp",
      }),
    );
    await gotoHydrated(page, "/");
    await page.locator("#video").scrollIntoViewIfNeeded();
    const button = page.getByRole("button", { name: PLAY });
    await expect(button.locator("source[type='image/webp']")).toHaveAttribute(
      "srcset",
      "https://i.vimeocdn.com/video/856323_1100x619.webp?q=70",
    );
    await expect(button.locator("img")).toHaveAttribute(
      "src",
      "https://i.vimeocdn.com/video/856323_1100x619.jpg?q=70",
    );
    await expect
      .poll(() => button.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc))
      .toBe("https://i.vimeocdn.com/video/856323_1100x619.webp?q=70");
  });

  test("keeps the local poster when the thumbnail API fails", async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL, { analytics: false, marketing: true });
    await context.route(THIRD_PARTY, (route) => route.abort("internetdisconnected"));
    await gotoHydrated(page, "/");
    await page.locator("#video").scrollIntoViewIfNeeded();
    const poster = page.getByRole("button", { name: PLAY }).locator("img");
    await expect(poster).toHaveAttribute("src", /^\/assets\/poster-en-1280-.*\.jpg$/);
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("when the host is blocked, pressing play keeps the poster and links to the video's page", async ({
    page,
    context,
  }) => {
    await context.route(THIRD_PARTY, (route) => route.abort("blockedbyclient"));
    await gotoHydrated(page, "/de");
    const title = message("de", "landing.video.title");
    const play = page.getByRole("button", {
      name: message("de", "landing.video.play").replace("{title}", title),
    });
    await play.click();
    const note = page
      .getByRole("status")
      .filter({ hasText: message("de", "landing.video.unavailable") });
    await expect(note).toBeVisible();
    await expect(
      note.getByRole("link", {
        name: message("de", "landing.video.watchElsewhere").replace("{title}", title),
      }),
    ).toHaveAttribute("href", `https://vimeo.com/${TEST_TOUR_ID}`);
    await expect(page.locator("#video iframe")).toHaveCount(0);
    await expect
      .poll(() => page.locator("#video img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
});

test.describe("try it free", () => {
  test("says up and running in thirty seconds, with the 30-day trial and a muted looping clip", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const section = page.getByRole("region", { name: "Up and running in thirty seconds" });
    await expect(section.getByText("Free for 30 days. No credit card needed.")).toBeAttached();
    await section.scrollIntoViewIfNeeded();
    const clip = section.getByLabel(message("en", "landing.tryItFree.clipLabel"));
    await expect(clip).toHaveJSProperty("muted", true);
    await expect(clip).toHaveJSProperty("loop", true);
    await expect(clip).toHaveAttribute("playsinline", "");
  });

  test("its buttons open a pop-up window after 50 ms", async ({ page, context }) => {
    await context.route(/app\.beyondbudget\.app/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>register</title>" }),
    );
    await installPausedClock(page);
    await gotoHydrated(page, "/");
    let popups = 0;
    page.on("popup", () => {
      popups += 1;
    });
    await page
      .getByRole("region", { name: "Up and running in thirty seconds" })
      .getByRole("link", { name: /^Try it now/ })
      .click();
    await page.clock.runFor(49);
    expect(popups).toBe(0);
    const popupOpened = page.waitForEvent("popup");
    await page.clock.runFor(1);
    const popup = await popupOpened;
    await expect(popup).toHaveURL("https://app.beyondbudget.app/register");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("the page holds the clip's poster alone until the clip comes within a screen of view", async ({
    page,
  }) => {
    const response = await page.request.get("/");
    expect(await response.text()).not.toContain("<video");
    await gotoHydrated(page, "/");
    const section = page.locator("#try-it-free");
    await expect(section.locator("img")).toBeAttached();
    await expect(section.locator("video")).toHaveCount(0);
    const viewportHeight = page.viewportSize()?.height ?? 0;
    // Scrolled to just over a screen above the clip: not made yet; a little further: made.
    const clipTop = await section
      .locator(".try-it-free__clip")
      .evaluate((clip) => clip.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), clipTop - 2 * viewportHeight - 50);
    await page.waitForTimeout(300);
    await expect(section.locator("video")).toHaveCount(0);
    await page.evaluate((y) => window.scrollTo(0, y), clipTop - 2 * viewportHeight + 50);
    await expect(section.locator("video")).toHaveCount(1);
  });

  test("the clip stays paused under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/");
    await page.locator("#try-it-free").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Play animation" })).toBeVisible();
    await expect(page.locator("#try-it-free video")).toHaveJSProperty("paused", true);
  });
});

test.describe("address hash", () => {
  const scrollTo = (page: Page, id: string) =>
    page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);

  test("follows the sections as they scroll into view, replacing the history entry", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const historyLength = await page.evaluate(() => history.length);
    await scrollTo(page, "features");
    await expect(page).toHaveURL(/\/#features$/);
    await scrollTo(page, "testimonials");
    await expect(page).toHaveURL(/\/#testimonials$/);
    await scrollTo(page, "try-it-free");
    await expect(page).toHaveURL(/\/#try-it-free$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test("is left alone when unpop is set", async ({ page }) => {
    await gotoHydrated(page, "/?unpop");
    await scrollTo(page, "features");
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(/\/\?unpop$/);
  });
});

test.describe("/xero partner landing", () => {
  test("its address hash also follows the partner sections", async ({ page }) => {
    await gotoHydrated(page, "/xero");
    await page.evaluate(() => document.getElementById("how-it-works")?.scrollIntoView());
    await expect(page).toHaveURL(/\/xero#how-it-works$/);
  });

  for (const locale of LOCALES) {
    test(`${locale}: has the partner's own masthead, about section, why-use and features, and the landing's other sections`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await gotoHydrated(page, localizePath("/xero", locale));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m("xero.masthead.heading"));
      await expect(
        page.getByRole("heading", { level: 2, name: m("xero.about.heading") }),
      ).toBeVisible();
      for (const heading of ["testimonials.heading", "tryItFree.heading"]) {
        await expect(
          page.getByRole("heading", { level: 2, name: m(`landing.${heading}`) }),
        ).toBeAttached();
      }
      // 'Why use' and the features say what a Xero user gets, under the spec's anchors.
      for (const [section, id] of [
        ["whyUse", "why-use"],
        ["features", "features"],
      ] as const) {
        await expect(
          page.getByRole("region", { name: m(`xero.${section}.heading`) }),
        ).toHaveAttribute("id", id);
        await expect(
          page.getByRole("heading", { name: m(`landing.${section}.heading`), exact: true }),
        ).toHaveCount(0);
      }
      await expect(
        page.getByRole("tab", { name: new RegExp(m("xero.whyUse.points.save-time.tab")) }),
      ).toHaveAttribute("aria-selected", "true");
      for (const feature of ["integrate", "import", "rules", "data", "reallocate", "drivers"]) {
        await expect(
          page.getByRole("heading", { level: 3, name: m(`xero.features.items.${feature}.title`) }),
        ).toBeAttached();
      }
      await expect(page).toHaveTitle(`${m("xero.meta.title")} | Beyond`);
      await expect(page).not.toHaveTitle(`${m("landing.meta.title")} | Beyond`);
    });
  }

  test("its Xero signup link carries the partner tracking id the build was configured with", async ({
    page,
  }) => {
    await gotoHydrated(page, "/xero");
    // .env.test's fake id; a build without XERO_PARTNER_TRACKING_ID links to the bare page.
    await expect(
      page.getByRole("link", { name: message("en", "xero.about.signup") }),
    ).toHaveAttribute("href", `https://www.xero.com/signup/?xtid=${TEST_XERO_TRACKING_ID}`);
  });

  for (const locale of LOCALES) {
    test(`${locale}: the Xero-connection panel sits under the hero's calls to action and says what flows, how often and where to`, async ({
      page,
    }) => {
      const m = (id: string) => message(locale, id);
      await page.setViewportSize({ width: 1440, height: 900 });
      await gotoHydrated(page, localizePath("/xero", locale));
      const panel = page.getByRole("region", { name: m("integration.panel.heading") });
      await expect(panel.getByRole("heading", { level: 2 })).toHaveText(
        m("integration.panel.heading"),
      );
      const steps = panel.getByRole("listitem");
      await expect(steps).toHaveCount(5);
      for (const [index, step] of ["source", "sync", "actuals", "rules", "budgets"].entries()) {
        await expect(steps.nth(index)).toContainText(m(`integration.diagram.${step}.label`));
        await expect(steps.nth(index)).toContainText(m(`integration.diagram.${step}.detail`));
      }
      const button = page
        .getByRole("main")
        .getByRole("link", { name: m("common.nav.tryNow") })
        .first();
      const [buttonBox, panelBox] = [await button.boundingBox(), await panel.boundingBox()];
      expect(panelBox?.y).toBeGreaterThan((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0));
      // Its link leads to the page's own full diagram.
      await panel.getByRole("link", { name: m("integration.panel.more") }).click();
      await expect(page).toHaveURL(/#how-it-works$/);
      await expect(page.locator("#how-it-works")).toBeInViewport();
    });
  }

  testNoAxeViolations(["/xero", "/de/xero"]);

  test("is noindex,nofollow in its prerendered HTML", async ({ request }) => {
    const html = await (await request.get("/xero")).text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow"/>');
  });

  test("without consent, its walkthrough waits for play behind the same poster", async ({
    page,
    context,
  }) => {
    const requests = await standInForVideoHost(context);
    await gotoHydrated(page, "/xero");
    await page.evaluate(() =>
      document.getElementById("video")?.scrollIntoView({ block: "center" }),
    );
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await page.getByRole("button", { name: "Play video: Connecting Xero to Beyond" }).click();
    await expect(
      page.locator("iframe[title='Video player: Connecting Xero to Beyond']"),
    ).toHaveAttribute(
      "src",
      `https://player.vimeo.com/video/${TEST_WALKTHROUGH_ID}?autoplay=1&dnt=1#t=12s`,
    );
  });

  test("with consent to embedded videos, autoloads its walkthrough when scrolled into view, and not before", async ({
    page,
    context,
    baseURL,
  }) => {
    await storeConsent(context, baseURL, { analytics: false, marketing: true });
    const requests = await standInForVideoHost(context);
    await gotoHydrated(page, "/xero");
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await page.evaluate(() =>
      document.getElementById("video")?.scrollIntoView({ block: "center" }),
    );
    await expect(
      page.locator("iframe[title='Video player: Connecting Xero to Beyond']"),
    ).toHaveAttribute(
      "src",
      `https://player.vimeo.com/video/${TEST_WALKTHROUGH_ID}?autoplay=1&dnt=1#t=12s`,
    );
  });
});
