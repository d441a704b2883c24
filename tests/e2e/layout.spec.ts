import { expect, type Page, test } from "@playwright/test";
import { serializeConsent } from "../../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../../app/lib/analytics/constants.ts";
import { LOCALES, type Locale, localizePath } from "../../app/lib/locale.ts";
import { CALLS_TO_ACTION } from "../../app/lib/navigation.ts";
import { PAGES } from "../../app/lib/pages.ts";
import { message } from "./support/catalog.ts";
import { parseCssColor } from "./support/contrast.ts";
import {
  linkBoxes,
  probeBottomBars,
  probeBrokenWords,
  probeFirstScreen,
  probeFocusWalk,
  probeTrialButtonsInView,
} from "./support/layout-probe.ts";
import { gotoHydrated, PAGE_PATHS } from "./support/pages.ts";

/**
 * What a visitor feels, on every page in every locale at four widths (issue 14): nothing
 * scrolls sideways, nothing fixed or stuck covers a link, button or field of the first
 * screen or the element that has keyboard focus (WCAG 2.4.11), the bottom bar of a phone
 * stays one button tall, the hero's calls to action are on the first screen, and a screen
 * shows at most one trial button.
 *
 * Heights are the smallest common screen of each class: an iPhone SE (375 × 667), an old
 * 320 px phone held at 640, a portrait tablet, a laptop.
 */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 375, height: 667 },
  { width: 320, height: 640 },
] as const;

/** The tallest bottom bar a phone may carry: one 48 px button and its padding. */
const PHONE_BAR_MAX_PX = 72;

/** Pages whose trial bar follows the visitor once the hero has gone (app/lib/pages.ts). */
const STICKY_PAGE_COUNT = PAGES.filter((each) => each.trialBar === "sticky").length;

/**
 * The focus walk tabs through every control of every page; at one phone width in every
 * locale and at the desktop width in English it finds what the other widths would, in a
 * fraction of the time.
 */
function walksFocus(locale: Locale, width: number): boolean {
  return width === 375 || (width === 1440 && locale === "en");
}

/**
 * A visitor who has already answered the consent banner: the banner is a deliberate,
 * dismissible overlay of the first visit, tested in consent.spec.ts, and would otherwise
 * be the thing covering the first screen of every page here.
 */
async function decideConsent(page: Page, baseURL: string | undefined): Promise<void> {
  const value = serializeConsent({
    version: CONSENT_VERSION,
    decidedAt: Date.now(),
    analytics: false,
    marketing: false,
  });
  await page.context().addCookies([{ name: CONSENT_COOKIE, value, url: baseURL ?? "" }]);
}

/**
 * Two animation frames: the chat bubble and the trial bar settle on the next one. Bounded by
 * a timer, because a headless renderer on a loaded host sometimes stops producing frames for
 * a while, and an unbounded wait then used up the whole test's time (a CI run timed out
 * here). The bound is generous: with 500 ms, a CI run reported the bubble covering a link,
 * most likely because a slow frame ended the wait before it had stepped aside (5/5 passed here).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 5000);
      }),
  );
}

/**
 * Waits for the CSS transitions and the finite CSS animations under way (the trial bar
 * sliding in as it sticks) to end, at most a second: what a
 * visitor sees once the screen has settled.
 */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              (animation instanceof CSSTransition || animation instanceof CSSAnimation) &&
              animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
}

/**
 * The pseudo-locale build (`npm run build:pseudo`, app/lib/i18n/pseudo.ts) is served on the
 * port after the site's (playwright.config.ts): English at 140 % with accents.
 */
const PSEUDO_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4311) + 1}`;

const TARGETS = [
  ...LOCALES.map((locale) => ({ name: locale as string, locale, base: "" })),
  { name: "en-XA", locale: "en" as Locale, base: PSEUDO_BASE_URL },
];

for (const { name, locale, base } of TARGETS) {
  test(`${name}: every page at 1440, 768, 375 and 320 px: no sideways scroll, nothing covered, hero on the first screen`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await decideConsent(page, base || baseURL);
    const problems: string[] = [];
    let focusedTotal = 0;
    let walks = 0;
    let stuckBars = 0;
    for (const path of PAGE_PATHS) {
      const url = `${base}${localizePath(path, locale)}`;
      // One load per page; the widest first, then narrower by resizing, as a window is.
      await page.setViewportSize(VIEWPORTS[0]);
      await gotoHydrated(page, url);
      for (const viewport of VIEWPORTS) {
        const at = `${url} at ${viewport.width}`;
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        await settle(page);
        await animationsEnded(page);
        const report = await probeFirstScreen(page);
        if (report.overflowX > 0)
          problems.push(`${at}: scrolls sideways by ${report.overflowX} px`);
        for (const item of report.covered) problems.push(`${at}: first screen: ${item}`);
        for (const item of report.heroNotVisible) problems.push(`${at}: hero: ${item}`);
        const trialButtons = await probeTrialButtonsInView(page, CALLS_TO_ACTION.tryNow);
        if (trialButtons.length > 1)
          problems.push(
            `${at}: first screen: ${trialButtons.length} trial buttons: ${trialButtons}`,
          );
        if (viewport.width <= 640) {
          for (const bar of report.bottomBars) {
            if (bar.height > PHONE_BAR_MAX_PX) {
              problems.push(`${at}: bottom bar ${bar.what} is ${bar.height} px tall`);
            }
          }
        }
        // The pseudo-locale's stretched words are a stress test, not copy anyone reads. At
        // 768 px the Xero panel's five narrow columns once split German compounds mid-word.
        if ((viewport.width === 320 || viewport.width === 768) && !base) {
          for (const word of await probeBrokenWords(page))
            problems.push(`${at}: a word breaks without a hyphen: ${word}`);
        }
        if (walksFocus(locale, viewport.width)) {
          const walk = await probeFocusWalk(page);
          walks += 1;
          focusedTotal += walk.focused;
          for (const item of walk.covered) problems.push(`${at}: focused ${item}`);
        }
        if (viewport.width <= 640) {
          // The first screen never has the trial bar stuck (it waits for the hero to go):
          // measure it halfway down the page too, where a sticky page's bar follows the visitor.
          await page.evaluate(() =>
            window.scrollTo({
              top: document.documentElement.scrollHeight / 2,
              behavior: "instant",
            }),
          );
          await settle(page);
          await settle(page);
          await animationsEnded(page);
          for (const bar of await probeBottomBars(page)) {
            stuckBars += 1;
            if (bar.height > PHONE_BAR_MAX_PX) {
              problems.push(`${at}, halfway down: bottom bar ${bar.what} is ${bar.height} px tall`);
            }
          }
        }
      }
    }
    if (base) {
      // The pages really were the pseudo-locale's.
      await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("[");
    }
    expect(problems).toEqual([]);
    // The walk really walked: every page has at least its header and footer links.
    expect(focusedTotal).toBeGreaterThan(walks * 20);
    // The bars really were measured stuck: on at least half the sticky pages' phone views.
    expect(stuckBars).toBeGreaterThanOrEqual(STICKY_PAGE_COUNT);
  });
}

test("the trial bar stays out of the way of the hero, then follows the visitor on a phone", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await decideConsent(page, baseURL);
  await gotoHydrated(page, localizePath("/", "fr"));
  const bar = page.getByRole("complementary", { name: message("fr", "common.sticky.label") });
  // First screen: the hero's buttons are there, the bar keeps its place at the page's end.
  await expect(bar).not.toBeInViewport();
  await page.mouse.wheel(0, 900);
  await expect(bar).toBeInViewport();
  await expect(bar).toHaveClass(/stuck/);
  const box = await bar.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(PHONE_BAR_MAX_PX);
  // On a solid background: nothing of the page shows through the stuck bar.
  const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(parseCssColor(background).a).toBe(1);
  // One full-width button and no sentence.
  await expect(bar.getByRole("link")).toHaveCount(1);
  await expect(bar.getByRole("paragraph")).toBeHidden();
  const button = await bar.getByRole("link").boundingBox();
  expect(button?.width).toBeGreaterThan(375 - 2 * 24);
});

test("every screen of every page shows at most one trial button, on a laptop and a phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await decideConsent(page, baseURL);
  const problems: string[] = [];
  let screens = 0;
  for (const viewport of [VIEWPORTS[0], VIEWPORTS[2]]) {
    await page.setViewportSize(viewport);
    for (const path of PAGE_PATHS) {
      await gotoHydrated(page, path);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // Half a screen at a time, so that no screen between two steps goes unseen.
      for (let top = 0; top < height; top += Math.floor(viewport.height / 2)) {
        await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
        await settle(page);
        await animationsEnded(page);
        screens += 1;
        const seen = await probeTrialButtonsInView(page, CALLS_TO_ACTION.tryNow);
        if (seen.length > 1)
          problems.push(`${path} at ${viewport.width}, scrolled to ${top}: ${seen.join(", ")}`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(screens).toBeGreaterThan(PAGE_PATHS.length * 4);
});

test("the pseudo-locale stays out of the production build, its sitemap and its switcher", async ({
  page,
  request,
}) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("[");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toMatch(/en-XA/i);
  const hreflangs = await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: message("en", "common.language.label") })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")));
  expect(hreflangs.sort()).toEqual([...LOCALES].sort());
});

/** The pages whose hero has its own calls to action (`[data-hero-actions]`). */
const HERO_PATHS = ["/", "/xero", "/referrals"] as const;

for (const { name, locale, base } of TARGETS) {
  test(`${name}: the hero's calls to action are on a laptop's first screen (1366 × 768, 1440 × 900)`, async ({
    page,
    baseURL,
  }) => {
    await decideConsent(page, base || baseURL);
    const problems: string[] = [];
    for (const path of HERO_PATHS) {
      const url = `${base}${localizePath(path, locale)}`;
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, url);
        await settle(page);
        const report = await probeFirstScreen(page);
        if (report.heroCount === 0) problems.push(`${url}: no hero calls to action`);
        for (const item of report.heroNotVisible) {
          problems.push(`${url} at ${viewport.width} × ${viewport.height}: ${item}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
}

/** The pages a phone visitor reads longest, where the chat bubble has the most to cover. */
const BUBBLE_PATHS = ["/", "/pricing", "/referrals", "/xero", "/faqs"] as const;

/**
 * What the visible chat bubble covers at the current scroll position: a link, button or
 * field, or a line of the page's text (the text's own line boxes, not its paragraph's box).
 * Null while the bubble is hidden.
 */
function bubbleCovers(): string | null {
  const bubble = document.querySelector(".chat-bubble");
  if (!bubble?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
  const own = bubble.getBoundingClientRect();
  const overlaps = (rect: DOMRect) =>
    rect.width > 0 &&
    rect.height > 0 &&
    rect.left < own.right &&
    own.left < rect.right &&
    rect.top < own.bottom &&
    own.top < rect.bottom;
  const controls = document.querySelectorAll(
    "a[href], button, input:not([type='hidden']), select, textarea, summary",
  );
  for (const control of controls) {
    if (bubble.contains(control) || !overlaps(control.getBoundingClientRect())) continue;
    if (!control.checkVisibility({ visibilityProperty: true })) continue;
    return `control "${(control.textContent ?? "").trim().slice(0, 40)}"`;
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || bubble.contains(node)) continue;
    const parent = node.parentElement;
    if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    // Words for screen readers only (.visually-hidden, clipped to 1 px) are not on the screen.
    const box = parent.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      if (overlaps(line)) return `text "${node.textContent.trim().slice(0, 40)}"`;
    }
  }
  return null;
}

/**
 * What the bubble still covers once the page has rested after a scroll. It steps aside on
 * the frame after the scroll; what the scroll moves under it a frame or two later (the trial
 * bar sticking or coming unstuck) it leaves at its next check, 250 ms after the scroll
 * (REST_MS in use-avoid-obscuring.ts). On a slow host that comes after `settle`'s two
 * frames (CI on d361e29: /de at 320 px, twice at the same place), so this asks again for up
 * to a second; covering a control for longer is a fault.
 */
async function coveredOnceRested(page: Page): Promise<string | null> {
  const deadline = Date.now() + 1000;
  let covered = await page.evaluate(bubbleCovers);
  while (covered && Date.now() < deadline) {
    await page.waitForTimeout(100);
    covered = await page.evaluate(bubbleCovers);
  }
  return covered;
}

for (const locale of LOCALES) {
  test(`${locale}: on a phone the chat bubble covers no control and no line of text, and has its place at the page's end`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await decideConsent(page, baseURL);
    const problems: string[] = [];
    for (const viewport of [
      { width: 375, height: 667 },
      { width: 320, height: 640 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of BUBBLE_PATHS) {
        const url = localizePath(path, locale);
        await gotoHydrated(page, url);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        // Half a screen at a time, as a visitor reads; the bubble hides on the next frame.
        for (let top = 0; top < height; top += Math.round(viewport.height / 2)) {
          await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
          await settle(page);
          const covered = await coveredOnceRested(page);
          if (covered) problems.push(`${url} at ${viewport.width}, scrolled ${top}: ${covered}`);
        }
        // At the end the footer keeps room for it: it comes back once the page is still.
        await page.evaluate(() =>
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
        );
        await expect(page.locator(".chat-bubble"), `${url} at ${viewport.width}`).toBeVisible();
        const covered = await page.evaluate(bubbleCovers);
        if (covered) problems.push(`${url} at ${viewport.width}, at the end: ${covered}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("the chat bubble checks once more when a scroll comes to rest, for what the scroll moved after it", async ({
  page,
  baseURL,
}) => {
  // On /de/xero at 375 px, two flicks of the wheel ended where the trial bar came unstuck a
  // frame after the last scroll event: the bubble dropped onto 'Demo buchen' and stayed.
  // Here a control slides under the bubble 60 ms after one scroll, with no event of its own.
  await decideConsent(page, baseURL);
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/pricing");
  const bubble = page.locator(".chat-bubble");
  // At the page's end the footer keeps room for the bubble, so it shows.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect(bubble).toHaveAttribute("data-obscuring", "false");
  await page.evaluate(() => {
    window.scrollBy({ top: -1, behavior: "instant" });
    setTimeout(() => {
      const own = document.querySelector(".chat-bubble")?.getBoundingClientRect();
      const control = document.createElement("button");
      control.textContent = "late";
      control.style.cssText = `position: fixed; z-index: 1; left: ${own?.left}px; top: ${own?.top}px; width: 40px; height: 40px`;
      document.body.append(control);
    }, 60);
  });
  await expect(bubble).toHaveAttribute("data-obscuring", "true");
});

test("the footer's languages: one row of equal buttons, or two by two on a phone", async ({
  page,
}) => {
  // 24 pages, each until hydrated: up to 1.5 s apiece on a slow host.
  test.setTimeout(90_000);
  const problems: string[] = [];
  for (const width of [1440, 1024, 768, 480, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const locale of LOCALES) {
      await gotoHydrated(page, localizePath("/", locale));
      const boxes = await linkBoxes(
        page
          .getByRole("contentinfo")
          .getByRole("navigation", { name: message(locale, "common.language.label") }),
      );
      const rows = new Set(boxes.map((box) => box.top)).size;
      const widths = boxes.map((box) => box.width);
      const expectedRows = width <= 480 ? 2 : 1;
      if (rows !== expectedRows) problems.push(`${locale} at ${width}: ${rows} rows`);
      if (Math.max(...widths) - Math.min(...widths) > 1) {
        problems.push(`${locale} at ${width}: widths ${widths.join(", ")}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test("no page scrolls sideways at the widths between the suite's four either", async ({
  page,
  baseURL,
}) => {
  // The desktop masthead bleeds its screenshot past the container; between 1001 and about
  // 1200 px that once pushed the landing page 28 px sideways, unseen at 768 and 1440.
  test.setTimeout(120_000);
  await decideConsent(page, baseURL);
  const problems: string[] = [];
  for (const width of [480, 640, 900, 1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/xero", "/features", "/pricing", "/referrals"]) {
      for (const locale of ["en", "de"] as const) {
        await gotoHydrated(page, localizePath(path, locale));
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width)
          problems.push(`${localizePath(path, locale)} at ${width}: ${scrollWidth}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

/** The distinct rows of a set of boxes, by their top edge, and how many boxes each holds. */
function rowSizes(tops: number[]): number[] {
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(Math.round(top), (rows.get(Math.round(top)) ?? 0) + 1);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
}

/** How many lines each element's visible text takes (its first text node's line boxes). */
function labelLines(elements: Element[]): number[] {
  return elements.map((element) => {
    const text = [...element.childNodes].find(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (!text) return 0;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test("the integration guide: no card alone in its row, and the closing buttons' labels on one line each", async ({
  page,
  baseURL,
}) => {
  // An auto-fit grid once left the third of three contents cards alone at 768 px and the
  // fourth of four details alone at 1024; Spanish and French closing labels wrapped inside
  // their pill buttons at 641-900 px.
  test.setTimeout(120_000);
  await decideConsent(page, baseURL);
  const cardLists = [
    { path: "/xero-integration", heading: "integration.toc.heading", role: "listitem" },
    {
      path: "/xero-integration/how-we-integrate",
      heading: "integration.how.details.heading",
      role: "article",
    },
  ] as const;
  const problems: string[] = [];
  for (const locale of LOCALES) {
    for (const { path, heading, role } of cardLists) {
      await gotoHydrated(page, localizePath(path, locale));
      const cards = page.getByRole("region", { name: message(locale, heading) }).getByRole(role);
      for (const width of [375, 480, 641, 700, 768, 900, 1024, 1100, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const tops = await cards.evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect().top),
        );
        const rows = rowSizes(tops);
        if (rows.length > 1 && rows.at(-1) !== rows[0]) {
          problems.push(
            `${localizePath(path, locale)} at ${width}: cards per row ${rows.join(", ")}`,
          );
        }
      }
    }
    for (const path of [
      "/xero-integration",
      "/xero-integration/how-we-integrate",
      "/xero-integration/faqs",
    ]) {
      await gotoHydrated(page, localizePath(path, locale));
      const links = page
        .getByRole("region", { name: message(locale, "integration.how.next.heading") })
        .getByRole("link");
      for (const width of [641, 700, 768, 900, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const lines = await links.evaluateAll(labelLines);
        if (lines.length !== 2 || lines.some((count) => count !== 1)) {
          problems.push(
            `${localizePath(path, locale)} at ${width}: label lines ${lines.join(", ")}`,
          );
        }
      }
    }
  }
  expect(problems).toEqual([]);
});

test("the header: inline navigation only where all of it fits on one line, the menu toggle below", async ({
  page,
  baseURL,
}) => {
  // From 961 px the inline navigation's buttons once broke onto two lines in German,
  // Spanish and French, and French scrolled 18 px sideways at 961.
  // Four hydrated pages at many widths: 24 s on a slow host, near the default 30 s.
  test.setTimeout(60_000);
  await decideConsent(page, baseURL);
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await gotoHydrated(page, localizePath("/", locale));
    const banner = page.getByRole("banner");
    const toggle = banner.getByRole("button", { name: message(locale, "common.nav.menuOpen") });
    const navigation = banner.getByRole("navigation", {
      name: message(locale, "common.nav.label"),
    });
    const actions = [
      banner.getByRole("link", { name: message(locale, "common.nav.login") }),
      banner.getByRole("link", { name: message(locale, "common.nav.bookDemo") }),
      banner.getByRole("link", { name: message(locale, "common.nav.tryNow") }),
    ];
    for (const width of [961, 1024, 1199, 1200, 1280, 1440]) {
      const at = `${locale} at ${width}`;
      await page.setViewportSize({ width, height: 800 });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) problems.push(`${at}: scrolls sideways to ${scrollWidth}`);
      const inline = width >= 1200;
      if ((await toggle.isVisible()) === inline)
        problems.push(`${at}: the menu toggle should be ${inline ? "hidden" : "shown"}`);
      if (!inline) continue;
      const lines = await banner
        .getByRole("link")
        .filter({ visible: true })
        .evaluateAll(labelLines);
      if (lines.some((count) => count > 1)) problems.push(`${at}: label lines ${lines.join(", ")}`);
      await expect(navigation).toBeVisible();
    }
    // The open menu on a tablet: 'Log in' and the two buttons in one row, one line each.
    await page.setViewportSize({ width: 768, height: 1024 });
    await toggle.click();
    const boxes = await Promise.all(actions.map((action) => action.boundingBox()));
    const lines = (
      await Promise.all(actions.map((action) => action.evaluateAll(labelLines)))
    ).flat();
    if (
      new Set(boxes.map((box) => Math.round((box?.y ?? 0) + (box?.height ?? 0) / 2))).size !== 1
    ) {
      problems.push(`${locale}: the open menu's actions are not in one row at 768`);
    }
    if (lines.some((count) => count !== 1))
      problems.push(`${locale}: open menu label lines ${lines.join(", ")}`);
    await page.keyboard.press("Escape");
  }
  expect(problems).toEqual([]);
});

test("the features page's closing card keeps each button's label on one line on a 320 px phone", async ({
  page,
  baseURL,
}) => {
  // With a 3rem inset the card left its buttons 192 px, and French 'Essayer maintenant' and
  // 'Réserver une démo' broke in two.
  await decideConsent(page, baseURL);
  await page.setViewportSize({ width: 320, height: 640 });
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await gotoHydrated(page, localizePath("/features", locale));
    const lines = await page
      .getByRole("region", { name: message(locale, "features.cta.heading") })
      .getByRole("link")
      .evaluateAll(labelLines);
    if (lines.length !== 2 || lines.some((count) => count !== 1)) {
      problems.push(`${locale}: label lines ${lines.join(", ")}`);
    }
  }
  expect(problems).toEqual([]);
});
