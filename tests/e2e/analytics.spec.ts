import { expect, type Page, test } from "@playwright/test";
import { serializeConsent } from "../../app/lib/analytics/consent.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../../app/lib/analytics/constants.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";
import { TEST_ANALYTICS_KEY_TESTING } from "./support/test-build-config.ts";
import {
  cookieNames,
  standInForThirdParties,
  type ThirdParties,
  type Upload,
} from "./support/third-party.ts";

const ID_17 = "aB3dE5gH7jK9mN2pQ";

async function acceptAll(page: Page): Promise<void> {
  await page
    .getByRole("region", { name: message("en", "consent.banner.title") })
    .getByRole("button", { name: "Accept all" })
    .click();
  // Stored once the frame that hid the banner is drawn (decision record 29).
  await expect.poll(() => cookieNames(page)).toContain(CONSENT_COOKIE);
}

/**
 * Opens `path` on a running fake clock with the third parties standing in, waits for the
 * app, and accepts everything in the consent banner.
 */
async function openAndAcceptAll(
  page: Page,
  path: string,
  options?: Parameters<typeof standInForThirdParties>[1],
): Promise<ThirdParties> {
  await page.clock.install();
  const thirdParties = await standInForThirdParties(page, options);
  await gotoHydrated(page, path);
  await acceptAll(page);
  return thirdParties;
}

/**
 * Lets fake time pass until the SDK's 30-second upload period has sent `count` uploads, each
 * in the SPEC §7 format with a valid checksum (the stand-in rejects any other).
 */
async function waitForUploads(page: Page, thirdParties: ThirdParties, count = 1): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(10_000);
      expect(thirdParties.rejectedUploads).toEqual([]);
      return thirdParties.uploads.length;
    })
    .toBeGreaterThanOrEqual(count);
}

function navigate(page: Page, to: string): Promise<void> {
  return page.evaluate(
    (path) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate(path),
    to,
  );
}

const events = (thirdParties: ThirdParties) =>
  thirdParties.uploads.flatMap((upload) => upload.events);

test.describe("after Accept all", () => {
  test("the analytics client uploads navigation events to the EU endpoint, ids masked", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, `/pricing?invite=${ID_17}`);
    await waitForUploads(page, thirdParties);
    const [upload] = thirdParties.uploads;
    // SPEC §7: client key, JSON events, protocol version 2, upload time, checksum (checked
    // by the stand-in), form-encoded to the HTTPS endpoint.
    expect(upload?.client).toBe(TEST_ANALYTICS_KEY_TESTING);
    expect(upload?.v).toBe("2");
    expect(upload?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const uploadTime = Number(upload?.upload_time);
    const pageNow = await page.evaluate(() => Date.now());
    expect(uploadTime).toBeGreaterThan(pageNow - 120_000);
    expect(uploadTime).toBeLessThanOrEqual(pageNow);
    const navigation = events(thirdParties).find((event) => event.event_type === "Navigation");
    expect(navigation?.event_properties).toEqual({
      path: "/pricing?invite=ID",
      app: "Brochureware",
    });
    // IP tracking is off: no address in the event, and the server is asked not to record
    // the upload's.
    expect(navigation?.ip).toBeUndefined();
    expect(navigation?.api_properties).toEqual({ tracking_options: { ip_address: false } });
    expect(await cookieNames(page)).toEqual(
      expect.arrayContaining(["consent", expect.stringMatching(/^AMP_/)]),
    );
    // The SDK's diagnostics are off, so it keeps no IndexedDB database the cookie policy
    // would have to declare.
    expect(await page.evaluate(() => indexedDB.databases())).toEqual([]);
  });

  test("a route change logs a navigation event with its 17-character id replaced", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, "/");
    await navigate(page, `/faqs?question=${ID_17}`);
    await expect(page).toHaveURL(new RegExp(ID_17));
    await waitForUploads(page, thirdParties);
    const paths = events(thirdParties)
      .filter((event) => event.event_type === "Navigation")
      .map((event) => event.event_properties?.path);
    expect(paths).toEqual(["/", "/faqs?question=ID"]);
  });

  test("external links send tracking events with the app tag", async ({ page }) => {
    const thirdParties = await openAndAcceptAll(page, "/");
    const blog = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Blog/ });
    await blog.evaluate((link) =>
      link.addEventListener("click", (event) => event.preventDefault()),
    );
    await blog.click();
    await waitForUploads(page, thirdParties);
    const tracking = events(thirdParties).find((event) => event.event_type === "Tracking");
    expect(tracking?.event_properties).toMatchObject({
      id: "nav-blog",
      text: message("en", "common.nav.blog"),
      section: "header",
      value: expect.stringContaining("blog.beyondbudget.app"),
      app: "Brochureware",
    });
    const dataLayer = await page.evaluate(() =>
      (window.dataLayer ?? []).filter(
        (entry) => (entry as { event?: string }).event === "tracking",
      ),
    );
    expect(dataLayer).toEqual([
      expect.objectContaining({ trackingId: "nav-blog", app: "Brochureware" }),
    ]);
  });

  test("the tracked text is what the link shows, without the visually hidden new-tab hint", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, "/");
    const footer = page.getByRole("contentinfo");
    const links = [
      footer.getByRole("link", { name: new RegExp(`^${message("en", "common.nav.blog")}`) }),
      // An icon link: its only text is its visually hidden label.
      footer.getByRole("link", { name: new RegExp(`^${message("en", "common.footer.twitter")}`) }),
    ];
    for (const link of links) {
      await expect(link).toContainText(message("en", "common.newTab"));
      await link.evaluate((element) =>
        element.addEventListener("click", (event) => event.preventDefault()),
      );
      await link.click();
    }
    await waitForUploads(page, thirdParties);
    const tracked = events(thirdParties)
      .filter((event) => event.event_type === "Tracking")
      .map((event) => [event.event_properties?.id, event.event_properties?.text]);
    expect(tracked).toEqual([
      ["footer-blog", message("en", "common.nav.blog")],
      ["twitter", message("en", "common.footer.twitter")],
    ]);
  });

  test("?referrer=acme_spring_2024 sets the referrerCode cookie for 10 days and the user properties", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, "/?referrer=acme_spring_2024");
    await expect.poll(() => cookieNames(page)).toContain("referrerCode");
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "referrerCode");
    expect(cookie?.value).toBe("acme_spring_2024");
    const lifetimeDays = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(9.9);
    expect(lifetimeDays).toBeLessThanOrEqual(10);
    await waitForUploads(page, thirdParties);
    const identify = events(thirdParties).find((event) => event.event_type === "$identify");
    expect(identify?.user_properties?.$set).toEqual({
      referrer: "acme",
      adCampaign: "spring",
      campaignDate: "2024",
      app_source: "Brochureware",
    });
  });

  test("the tag manager and the LinkedIn tag load asynchronously after Consent Mode defaults", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, "/features");
    await expect
      .poll(async () => {
        await page.clock.runFor(1000);
        return thirdParties.requests.map((url) => new URL(url).hostname);
      })
      .toEqual(expect.arrayContaining(["www.googletagmanager.com", "snap.licdn.com"]));
    const commands = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) =>
        typeof (entry as ArrayLike<unknown>).length === "number"
          ? Array.from(entry as ArrayLike<unknown>)
              .slice(0, 2)
              .join(" ")
          : (entry as { event?: string }).event,
      ),
    );
    expect(commands.indexOf("consent default")).toBe(0);
    expect(commands.indexOf("consent update")).toBeLessThan(commands.indexOf("gtm.js"));
    expect(
      await page.locator('script[src*="googletagmanager"]').getAttribute("async"),
    ).not.toBeNull();
  });
});

test.describe("uploads that are too large (413)", () => {
  test("a single event answered with 413 is dropped, not retried", async ({ page }) => {
    await page.clock.install();
    const thirdParties = await standInForThirdParties(page);
    thirdParties.uploadStatuses.push(413);
    await gotoHydrated(page, "/terms");
    await acceptAll(page);
    await waitForUploads(page, thirdParties);
    const [first] = thirdParties.uploads;
    expect(first?.events).toHaveLength(1);
    const dropped = first?.events[0]?.insert_id;
    // A later event goes up on its own; the dropped one never comes back.
    await navigate(page, "/pricing");
    await waitForUploads(page, thirdParties, 2);
    await page.clock.runFor(5 * 60_000);
    const later = thirdParties.uploads.slice(1).flatMap((upload) => upload.events);
    expect(later.map((event) => event.insert_id)).not.toContain(dropped);
    expect(later.map((event) => event.event_properties?.path)).toContain("/pricing");
  });

  test("a full batch answered with 413 is retried in batches of half the size, nothing lost", async ({
    page,
    context,
    baseURL,
  }) => {
    // A returning visitor who accepted analytics, whose last visit could not upload: the SDK
    // saved its events (up to 1000) and this page sends them in full batches of 100. That is
    // the realistic way to a big batch, since the 30-event upload threshold keeps fresh
    // uploads small.
    const saved = Array.from({ length: 100 }, (_, index) => ({
      event_type: "Navigation",
      insert_id: `saved-${index}`,
      device_id: "saved-device",
      session_id: 1_767_225_600_000,
      time: 1_767_225_600_000 + index,
      event_properties: { path: `/saved/${index}`, app: "Brochureware" },
    }));
    const consent = serializeConsent({
      version: CONSENT_VERSION,
      decidedAt: Date.now() - 60_000,
      analytics: true,
      marketing: false,
    });
    await context.addCookies([
      { name: CONSENT_COOKIE, value: encodeURIComponent(consent), url: baseURL ?? "" },
    ]);
    await page.addInitScript(
      ({ key, events }) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify(events));
      },
      { key: `AMP_unsent_${TEST_ANALYTICS_KEY_TESTING.slice(0, 10)}`, events: saved },
    );
    await page.clock.install();
    const thirdParties = await standInForThirdParties(page);
    thirdParties.uploadStatuses.push(413);
    await gotoHydrated(page, "/terms");
    const savedIds = saved.map((event) => event.insert_id);
    const carriesSaved = (upload: Upload) =>
      upload.events.some((event) => savedIds.includes(event.insert_id));
    await expect
      .poll(
        async () => {
          await page.clock.runFor(10_000);
          expect(thirdParties.rejectedUploads).toEqual([]);
          return thirdParties.uploads.filter(carriesSaved).length;
        },
        // Three uploads, each after a retry delay the fake clock runs through: a few polls
        // on an idle machine, more under load (it failed at the default 7 s on a busy host).
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(3);
    const [tooLarge, ...retries] = thirdParties.uploads.filter(carriesSaved);
    expect(tooLarge?.events.map((event) => event.insert_id)).toEqual(savedIds);
    // The next uploads of those events carry half as many each, and every event arrives once.
    expect(retries.map((upload) => upload.events.length)).toEqual([50, 50]);
    expect(retries.flatMap((upload) => upload.events.map((event) => event.insert_id))).toEqual(
      savedIds,
    );
    // The page's own navigation event went up on its own meanwhile.
    expect(events(thirdParties).map((event) => event.event_properties?.path)).toContain("/terms");
  });
});

test.describe("live chat", () => {
  test("online: the bubble invites to chat, and a click toggles and maximizes the widget", async ({
    page,
  }) => {
    await page.clock.install();
    await standInForThirdParties(page, { chatStatus: "online" });
    await gotoHydrated(page, "/pricing");
    const bubble = page.getByRole("button", { name: message("en", "common.chat.label") });
    await expect(bubble).toHaveAttribute("aria-disabled", "true");
    await acceptAll(page);
    // The first interaction with the bubble (or the idle page) loads the widget.
    await bubble.hover();
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return bubble.getAttribute("aria-disabled");
      })
      .toBe("false");
    await expect(page.getByRole("tooltip")).toHaveText(message("en", "common.chat.online"));
    await bubble.click();
    expect(
      await page.evaluate(() => (window as unknown as { __tawkCalls: string[] }).__tawkCalls),
    ).toEqual(expect.arrayContaining(["toggle", "maximize"]));
  });

  test("offline: the bubble stays disabled and says so, and a click opens nothing", async ({
    page,
  }) => {
    const thirdParties = await openAndAcceptAll(page, "/pricing", { chatStatus: "offline" });
    // Without any interaction the widget loads once the page is idle after load.
    await expect
      .poll(async () => {
        await page.clock.runFor(2000);
        return thirdParties.requests.some((url) => url.startsWith("https://embed.tawk.to/"));
      })
      .toBe(true);
    const bubble = page.getByRole("button", { name: message("en", "common.chat.label") });
    await bubble.hover();
    await expect(page.getByRole("tooltip")).toHaveText(message("en", "common.chat.offline"));
    await bubble.click({ force: true });
    await page.clock.runFor(1000);
    await expect(bubble).toHaveAttribute("aria-disabled", "true");
    expect(
      await page.evaluate(() => (window as unknown as { __tawkCalls: string[] }).__tawkCalls),
    ).not.toContain("maximize");
  });
});

test.describe("the chat bubble and focus", () => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1440, height: 900 },
  ]) {
    test(`never covers the focused element at ${viewport.width} px (WCAG 2.4.11)`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await standInForThirdParties(page);
      await gotoHydrated(page, "/pricing");
      await page
        .getByRole("region", { name: message("en", "consent.banner.title") })
        .getByRole("button", { name: "Reject all" })
        .click();
      const covered: string[] = [];
      for (let presses = 0; presses < 70; presses += 1) {
        await page.keyboard.press("Tab");
        const hit = await page.evaluate(
          () =>
            new Promise<string | null>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const bubble = document.querySelector(".chat-bubble");
                  const active = document.activeElement;
                  const isControl = active?.matches("a[href], button, input, select, textarea");
                  if (
                    !bubble ||
                    !(active instanceof HTMLElement) ||
                    !isControl ||
                    bubble.contains(active)
                  ) {
                    return resolve(null);
                  }
                  if (getComputedStyle(bubble).visibility === "hidden") return resolve(null);
                  const a = bubble.getBoundingClientRect();
                  const b = active.getBoundingClientRect();
                  const overlaps =
                    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
                  resolve(overlaps ? (active.textContent ?? active.tagName) : null);
                }),
              ),
            ),
        );
        if (hit) covered.push(hit);
      }
      expect(covered).toEqual([]);
    });
  }
});
