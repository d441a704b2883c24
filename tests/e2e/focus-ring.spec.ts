import { expect, type Locator, type Page, test } from "@playwright/test";
import { message } from "./support/catalog.ts";
import {
  composite,
  contrastRatio,
  parseCssColor,
  type Rgba,
  relativeLuminance,
} from "./support/contrast.ts";
import { gotoHydrated } from "./support/pages.ts";
import { storeConsent } from "./support/third-party.ts";

/**
 * The focus ring takes the brand's colour at 3:1 or more against what it sits on (issue 14,
 * WCAG 2.4.13): the brand blue on the white surfaces, a light blue on the navy ones
 * (app/styles/global.css, `--color-focus`).
 */
const MIN_RING_CONTRAST = 3;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

test("the contrast helper gives WCAG's known ratios", () => {
  expect(relativeLuminance(parseCssColor("rgb(0, 0, 0)"))).toBe(0);
  expect(relativeLuminance(parseCssColor("rgb(255, 255, 255)"))).toBeCloseTo(1, 10);
  const ratio = (a: string, b: string) => contrastRatio(parseCssColor(a), parseCssColor(b));
  expect(ratio("rgb(0, 0, 0)", "rgb(255, 255, 255)")).toBeCloseTo(21, 5);
  expect(ratio("rgb(255, 255, 255)", "rgb(0, 0, 0)")).toBeCloseTo(21, 5);
  expect(ratio("rgb(33, 82, 217)", "rgb(33, 82, 217)")).toBe(1);
  // #767676, the lightest grey with 4.5:1 on white.
  expect(ratio("rgb(118, 118, 118)", "rgb(255, 255, 255)")).toBeCloseTo(4.54, 2);
  // Half-transparent black over white is mid grey.
  expect(composite(parseCssColor("rgba(0, 0, 0, 0.5)"), WHITE)).toEqual({
    r: 127.5,
    g: 127.5,
    b: 127.5,
    a: 1,
  });
  expect(parseCssColor("rgb(11 31 58 / 50%)")).toEqual({ r: 11, g: 31, b: 58, a: 0.5 });
  expect(() => parseCssColor("color(srgb 1 0 0)")).toThrow();
});

/**
 * The focused element's ring and the colour it is drawn on: the ring lies outside the
 * element (outline-offset), so over its ancestors' backgrounds, composited from the page's
 * white canvas up to the nearest opaque one.
 */
async function ringOn(element: Locator): Promise<{ ring: Rgba; background: Rgba }> {
  const seen = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    const backgrounds: Array<{ color: string; image: string }> = [];
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      backgrounds.push({
        color: parentStyle.backgroundColor,
        image: parentStyle.backgroundImage,
      });
    }
    return {
      isFocusVisible: node.matches(":focus-visible"),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
      ring: style.outlineColor,
      backgrounds,
    };
  });
  expect(seen.isFocusVisible).toBe(true);
  expect(seen.outline).toBe("solid 3px");
  let background = WHITE;
  // Nearest first: stop at the first opaque one; a gradient before it would be unreadable here.
  const upToOpaque: Array<{ color: string; image: string }> = [];
  for (const layer of seen.backgrounds) {
    upToOpaque.push(layer);
    if (parseCssColor(layer.color).a === 1) break;
  }
  expect(upToOpaque.map((layer) => layer.image).filter((image) => image !== "none")).toEqual([]);
  for (const layer of upToOpaque.reverse()) {
    background = composite(parseCssColor(layer.color), background);
  }
  return { ring: composite(parseCssColor(seen.ring), background), background };
}

async function openHome(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, "/");
}

test.describe("the focus ring", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    // A decided visitor: the consent banner would otherwise take the first Tab presses.
    await storeConsent(context, baseURL, { analytics: false, marketing: false });
  });

  test("is the brand blue at 3:1 or more on the white header", async ({ page }) => {
    await openHome(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: message("en", "common.skipLink") })).toBeFocused();
    await page.keyboard.press("Tab");
    const logo = page.getByRole("banner").getByRole("link").first();
    await expect(logo).toBeFocused();
    const { ring, background } = await ringOn(logo);
    expect(background).toEqual(WHITE);
    // The brand's own blue, as the stylesheet names it.
    const brand = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--color-brand)";
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    expect(ring).toEqual(parseCssColor(brand));
    expect(contrastRatio(ring, background)).toBeGreaterThanOrEqual(MIN_RING_CONTRAST);
  });

  test("turns light at 3:1 or more on the navy footer", async ({ page }) => {
    await openHome(page);
    const footer = page.getByRole("contentinfo");
    // Clicking plain text moves where Tab starts from, as in any browser.
    await footer.getByText(message("en", "common.footer.hosting"), { exact: true }).click();
    await page.keyboard.press("Tab");
    const link = footer
      .getByRole("navigation", { name: message("en", "common.footer.productHeading") })
      .getByRole("link")
      .first();
    await expect(link).toBeFocused();
    const { ring, background } = await ringOn(link);
    // The navy surface, not the page's white.
    expect(contrastRatio(background, WHITE)).toBeGreaterThan(10);
    expect(contrastRatio(ring, background)).toBeGreaterThanOrEqual(MIN_RING_CONTRAST);
  });
});
