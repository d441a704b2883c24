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
  type TrialButtonInView,
} from "./support/layout-probe.ts";
import { gotoHydrated, PAGE_PATHS } from "./support/pages.ts";

/**
 * What a visitor feels, on every page in every locale at four widths (issue 14): nothing
 * scrolls sideways, nothing fixed or stuck covers a link, button or field of the first
 * screen or the element that has keyboard focus (WCAG 2.4.11), the bottom bar of a phone
 * stays one button tall, the hero's calls to action are on the first screen, and the trial
 * bar is never in sight beside another trial button.
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

/**
 * The trial bar in sight beside another trial button, described; null when it is not. The
 * header and a page may show theirs together (SPEC §2: the header always has both calls to
 * action), but the bar steps out of sight while another one is on screen.
 */
function trialBarBesideAnother(seen: TrialButtonInView[]): string | null {
  if (seen.length < 2 || !seen.some((button) => button.place === "aside")) return null;
  return `the trial bar beside ${seen
    .filter((button) => button.place !== "aside")
    .map((button) => `"${button.text}" in ${button.place}`)
    .join(", ")}`;
}

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
 * Two animation frames and a task: the trial bar settles on the next frame, and the chat
 * bubble in the task after that frame is painted (use-avoid-obscuring.ts). Bounded by
 * a timer, because a headless renderer on a loaded host sometimes stops producing frames for
 * a while, and an unbounded wait then used up the whole test's time (a CI run timed out
 * here). The bound is generous: with 500 ms, a CI run reported the bubble covering a link,
 * most likely because a slow frame ended the wait before it had stepped aside (5/5 passed here).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
        setTimeout(resolve, 5000);
      }),
  );
}

/**
 * Back at the top after the previous width's look halfway down, the trial bar takes a few
 * frames to leave its stuck state (its observer's callback, then a frame to measure, then a
 * render), which a loaded host stretches past `settle`. Waits up to 2 s for that; a bar still
 * stuck then is what the probe reports.
 */
async function firstScreenBarSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector(".sticky-footer.stuck"), null, {
      timeout: 2000,
    })
    .catch(() => undefined);
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
        await firstScreenBarSettled(page);
        await animationsEnded(page);
        const report = await probeFirstScreen(page);
        if (report.overflowX > 0)
          problems.push(`${at}: scrolls sideways by ${report.overflowX} px`);
        for (const item of report.covered) problems.push(`${at}: first screen: ${item}`);
        for (const item of report.heroNotVisible) problems.push(`${at}: hero: ${item}`);
        const besideAnother = trialBarBesideAnother(
          await probeTrialButtonsInView(page, CALLS_TO_ACTION.tryNow),
        );
        if (besideAnother) problems.push(`${at}: first screen: ${besideAnother}`);
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

test("on every screen of every page the trial bar is out of sight while another trial button shows, on a laptop and a phone", async ({
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
        // The bar looks again a frame after an observer says something crossed the screen's
        // edge; on a loaded machine that can take longer than the two frames of settle().
        // What counts is the screen the visitor is left with, so a screen gets a moment to
        // reach it before it counts as a problem.
        let besideAnother: string | null = null;
        for (let look = 0; look < 10; look += 1) {
          besideAnother = trialBarBesideAnother(
            await probeTrialButtonsInView(page, CALLS_TO_ACTION.tryNow),
          );
          if (!besideAnother) break;
          await page.waitForTimeout(100);
          await animationsEnded(page);
        }
        if (besideAnother)
          problems.push(`${path} at ${viewport.width}, scrolled to ${top}: ${besideAnother}`);
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

test("the chat bubble looks at what lies under it after a tap's frame is painted, never in that frame", async ({
  page,
  baseURL,
}) => {
  // Checked in an animation-frame callback, its hit tests sat between every tap on the page
  // and the tap's paint: Interaction to Next Paint (decision record 29).
  await decideConsent(page, baseURL);
  await page.addInitScript(() => {
    const probes = { inFrame: 0, afterFrame: 0 };
    Object.assign(window, { __bubbleProbes: probes });
    let isInFrame = false;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      request((time) => {
        isInFrame = true;
        try {
          callback(time);
        } finally {
          isInFrame = false;
        }
      });
    const measure = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.classList.contains("chat-bubble")) {
        if (isInFrame) probes.inFrame += 1;
        else probes.afterFrame += 1;
      }
      return measure.call(this);
    };
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/pricing");
  await expect(page.locator(".chat-bubble")).toBeAttached();
  await settle(page);
  const probes = () =>
    page.evaluate(
      () =>
        (window as unknown as { __bubbleProbes: { inFrame: number; afterFrame: number } })
          .__bubbleProbes,
    );
  const before = await probes();
  await page.getByRole("radio", { name: message("en", "pricing.billing.monthly") }).click();
  const checks = ({ inFrame, afterFrame }: { inFrame: number; afterFrame: number }) =>
    inFrame + afterFrame;
  // The click's check has run: the bubble measured itself once more.
  await expect.poll(async () => checks(await probes())).toBeGreaterThan(checks(before));
  expect((await probes()).inFrame, "checks run inside an animation frame").toBe(0);
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

interface HeaderItem {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  lines: number;
}

/**
 * The header as it is displayed now, read in one go inside the page (a loaded host answers
 * each round trip slowly): every displayed link and button of the banner with its box and
 * its label's lines, whether the toggle and the navigation show, and the page's width.
 */
function headerReport(labels: { navigation: string }) {
  const displayed = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true }) &&
    element.getBoundingClientRect().width > 0;
  // The label a visitor reads: the element's own text, not what is there for screen readers
  // only ('(opens in a new tab)').
  const labelOf = (element: Element) =>
    [...element.childNodes].find(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    ) ?? null;
  const linesOf = (element: Element) => {
    const text = labelOf(element);
    if (!text) return 0;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  };
  const banner = document.querySelector("body header");
  const items = [...(banner?.querySelectorAll("a[href], button") ?? [])]
    .filter(displayed)
    .map((element) => {
      const box = element.getBoundingClientRect();
      return {
        name: (labelOf(element)?.textContent ?? element.textContent ?? "").trim(),
        left: Math.round(box.left),
        right: Math.round(box.right),
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        lines: linesOf(element),
      };
    });
  const navigation = banner?.querySelector(`nav[aria-label="${labels.navigation}"]`);
  return {
    items,
    isNavigationShown: navigation ? displayed(navigation) : false,
    isToggleShown: [...(banner?.querySelectorAll("button[aria-controls]") ?? [])].some(displayed),
    scrollWidth: document.documentElement.scrollWidth,
  };
}

/** What is wrong with a row of items: off the screen's sides, overlapping, not in one row. */
function rowProblems(items: HeaderItem[], width: number): string[] {
  const problems: string[] = [];
  for (const item of items) {
    if (item.left < 0 || item.right > width)
      problems.push(`"${item.name}" runs off the screen (${item.left}-${item.right} px)`);
  }
  const sorted = [...items].sort((a, b) => a.left - b.left);
  for (const [index, item] of sorted.slice(1).entries()) {
    const before = sorted[index];
    if (before && before.right > item.left)
      problems.push(`"${before.name}" overlaps "${item.name}"`);
  }
  // Centred on one line, give or take the rounding of each box.
  const middles = items.map((item) => (item.top + item.bottom) / 2);
  if (Math.max(...middles) - Math.min(...middles) > 2)
    problems.push(`not in one row: middles at ${middles.join(", ")} px`);
  return problems;
}

test("the header: 'Book a demo' and 'Try it now' wherever it shows its navigation, in one row that fits, in every language", async ({
  page,
  baseURL,
}) => {
  // SPEC §2: the header's two calls to action. From 1200 px they end the inline navigation
  // (which once broke onto two lines from 961 px, French scrolling 18 px sideways); on a
  // tablet they sit in the bar beside the menu toggle; on a phone they are in the menu. The
  // landing page's hero has its own trial button, and the header keeps its one beside it
  // (the calls to action are the same on every page: one page per language stands for all).
  test.setTimeout(180_000);
  await decideConsent(page, baseURL);
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const callsToAction = [
      message(locale, "common.nav.bookDemo"),
      message(locale, "common.nav.tryNow"),
    ];
    const labels = { navigation: message(locale, "common.nav.label") };
    const url = localizePath("/", locale);
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, url);
    for (const width of [641, 768, 961, 1024, 1199, 1200, 1280, 1440]) {
      const at = `${url} at ${width}`;
      await page.setViewportSize({ width, height: 800 });
      const report = await page.evaluate(headerReport, labels);
      if (report.scrollWidth > width)
        problems.push(`${at}: scrolls sideways to ${report.scrollWidth}`);
      const inline = width >= 1200;
      if (report.isToggleShown === inline)
        problems.push(`${at}: the menu toggle should be ${inline ? "hidden" : "shown"}`);
      if (report.isNavigationShown !== inline)
        problems.push(`${at}: the navigation should be ${inline ? "inline" : "in the menu"}`);
      for (const name of callsToAction) {
        const copies = report.items.filter((item) => item.name === name).length;
        if (copies !== 1) problems.push(`${at}: "${name}" shown ${copies} times, not once`);
      }
      // Everything the bar shows (logo, links, 'Log in', the two buttons, the toggle) in one
      // row that fits the screen, each label on one line.
      for (const item of rowProblems(report.items, width)) problems.push(`${at}: ${item}`);
      for (const item of report.items) {
        if (item.lines > 1) problems.push(`${at}: "${item.name}" takes ${item.lines} lines`);
      }
    }
    const banner = page.getByRole("banner");
    const toggle = banner.getByRole("button", { name: message(locale, "common.nav.menuOpen") });
    const navigation = banner.getByRole("navigation", { name: labels.navigation });
    // The open menu on a tablet: 'Log in' in it, the two calls to action still in the bar
    // above it, once each.
    await page.setViewportSize({ width: 768, height: 1024 });
    await toggle.click();
    await expect(navigation).toBeVisible();
    let report = await page.evaluate(headerReport, labels);
    if (!report.items.some((item) => item.name === message(locale, "common.nav.login")))
      problems.push(`${locale} at 768, menu open: no 'Log in'`);
    for (const name of callsToAction) {
      const copies = report.items.filter((item) => item.name === name);
      if (copies.length !== 1 || (copies[0]?.bottom ?? 0) > 72)
        problems.push(`${locale} at 768, menu open: "${name}" ${JSON.stringify(copies)}`);
    }
    await page.keyboard.press("Escape");
    await expect(navigation).toBeHidden();
    // Phones: the menu holds them, full width under the links, one line each.
    for (const width of [320, 375]) {
      const at = `${locale} at ${width}`;
      await page.setViewportSize({ width, height: 667 });
      report = await page.evaluate(headerReport, labels);
      if (report.items.some((item) => callsToAction.includes(item.name)))
        problems.push(`${at}: a call to action shows outside the closed menu`);
      await toggle.click();
      await expect(navigation).toBeVisible();
      report = await page.evaluate(headerReport, labels);
      for (const name of callsToAction) {
        const copies = report.items.filter((item) => item.name === name);
        if (copies.length !== 1)
          problems.push(`${at}, menu open: "${name}" ${copies.length} times`);
        for (const copy of copies) {
          if (copy.left < 0 || copy.right > width || copy.lines !== 1)
            problems.push(`${at}, menu open: "${name}" ${JSON.stringify(copy)}`);
        }
      }
      if (report.scrollWidth > width)
        problems.push(`${at}, menu open: scrolls sideways to ${report.scrollWidth}`);
      await page.keyboard.press("Escape");
      await expect(navigation).toBeHidden();
    }
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
