import { expect, test } from "@playwright/test";
import { holdChunk } from "./support/hold-scripts.ts";
import { followNavigationLink } from "./support/navigation.ts";
import { waitForHydration } from "./support/pages.ts";

/**
 * Decision record 0022: the client entry creates React Router's router while React DOM's
 * renderer is still downloading, by calling `HydratedRouter` outside a render
 * (app/browser/router-before-renderer.ts). That leans on how React Router's module makes its
 * router, so this fails when an upgrade changes it: the router must exist before the
 * renderer has arrived, and the hydrating render must use that same router.
 */
const RENDERER = /\/assets\/react-dom-client[^/]*\.js$/;

test("the router is created before React DOM's renderer arrives, and hydration uses it", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (entry) => {
    if (entry.type() === "error" || entry.type() === "warning") problems.push(entry.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  const renderer = await holdChunk(page, RENDERER);
  await page.goto("/de/pricing");

  await expect
    .poll(() => page.evaluate(() => "__reactRouterDataRouter" in window), {
      message: "the router exists while React DOM's renderer is held back",
      timeout: 15_000,
    })
    .toBe(true);
  expect(renderer.wasRequested(), "the start asks for the renderer with the other chunks").toBe(
    true,
  );
  const before = await page.evaluate(() => {
    const app = window as unknown as {
      __reactRouterDataRouter: { state: { location: { pathname: string } } };
      __earlyRouter?: unknown;
      __beyondPageHydrated?: boolean;
    };
    app.__earlyRouter = app.__reactRouterDataRouter;
    return {
      pathname: app.__reactRouterDataRouter.state.location.pathname,
      hydrated: app.__beyondPageHydrated === true,
    };
  });
  expect(before).toEqual({ pathname: "/de/pricing", hydrated: false });

  renderer.release();
  await waitForHydration(page);
  expect(
    await page.evaluate(() => {
      const app = window as unknown as { __reactRouterDataRouter: unknown; __earlyRouter: unknown };
      return app.__reactRouterDataRouter === app.__earlyRouter;
    }),
    "the hydrating render uses the router made before it",
  ).toBe(true);

  // The router made early drives client-side navigation: no new document, same window.
  const documents = await followNavigationLink(page, "de", "common.nav.referrals");
  await expect(page).toHaveURL(/\/de\/referrals$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
  expect(await page.evaluate(() => "__earlyRouter" in window)).toBe(true);
  expect(problems).toEqual([]);
});
