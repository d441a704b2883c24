import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { CONSENT_COOKIE } from "../../app/lib/analytics/constants.ts";
import { DEFAULT_RETENTION_DAYS } from "../../app/lib/build-config.ts";
import { identifierBreaks } from "../../app/lib/legal/identifier-breaks.ts";
import { formatLifetime } from "../../app/lib/legal/lifetime.ts";
import { LOCALE_TAGS, LOCALES, localizePath } from "../../app/lib/locale.ts";
import { message } from "./support/catalog.ts";
import { gotoHydrated } from "./support/pages.ts";

test.describe("privacy policy", () => {
  test("the footer's cookies policy link lands on section 11 and scrolls to it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/pricing");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: message("en", "common.footer.cookies") })
      .click();
    await expect(page).toHaveURL(/\/privacy-policy#section-11$/);
    const section = page.locator("#section-11");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(
      `11. ${message("en", "privacy.sections.cookies.title")}`,
    );
    await expect(section).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test("a table-of-contents link scrolls smoothly to its section", async ({ page }) => {
    await gotoHydrated(page, "/privacy-policy");
    const toc = page.getByRole("navigation", { name: message("en", "privacy.tocLabel") });
    // Numbered once: by the list, not again in the entry's text ("1. 1. Who we are").
    await expect(toc.getByRole("link").first()).toHaveText(
      message("en", "privacy.sections.controller.title"),
    );
    const title = message("en", "privacy.sections.requests.title");
    await toc.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/#section-10$/);
    // Smooth: part-way through the 300 ms delay plus the animation, the page is between.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.locator("#section-10")).toBeInViewport();
    await expect(page.getByRole("heading", { name: `10. ${title}` })).toBeInViewport();
    // It lands on the section exactly (its scroll margin below the top), though the
    // sections it passed were drawn on the way, or the page cannot scroll that far.
    await expect
      .poll(() =>
        page.locator("#section-10").evaluate((section) => {
          const margin = Number.parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
          const atEnd =
            Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          return atEnd || Math.abs(section.getBoundingClientRect().top - margin) <= 2;
        }),
      )
      .toBe(true);
  });

  for (const locale of LOCALES) {
    test(`the ${locale} policy states the spec's constants and lists every cookie`, async ({
      request,
    }) => {
      const html = await (await request.get(localizePath("/privacy-policy", locale))).text();
      for (let n = 1; n <= 13; n += 1) expect(html).toContain(`id="section-${n}"`);
      expect(html).toMatch(/\b10\b[^<]*\b30\b/);
      expect(html).toContain("2018");
      // Long names carry <wbr> at their break points (identifierBreaks).
      const names = html.replaceAll("<wbr/>", "");
      for (const name of ["lang", CONSENT_COOKIE, "referrerCode", "AMP_", "_gcl_au", "twk_uuid_"]) {
        expect(names, name).toContain(`<code>${name}`);
      }
      expect(html).toContain('href="#cookie-settings"');
    });

    test(`the ${locale} retention section states the build's RETENTION_DAYS, twice`, async ({
      page,
    }) => {
      // The test build sets RETENTION_DAYS (.env.test) to something other than the default,
      // so the number on the page can only have come from the setting.
      const { config } = JSON.parse(readFileSync("build/site-config.json", "utf8")) as {
        config: { retentionDays: number };
      };
      expect(config.retentionDays).not.toBe(DEFAULT_RETENTION_DAYS);
      const period = formatLifetime(
        { unit: "day", value: config.retentionDays },
        LOCALE_TAGS[locale],
      ) as string;
      await page.goto(localizePath("/privacy-policy", locale));
      const retention = page.locator("#section-7");
      await expect(retention.getByRole("heading", { level: 2 })).toHaveText(
        `7. ${message(locale, "privacy.sections.retention.title")}`,
      );
      const text = (await retention.textContent()) ?? "";
      // The general period, then the referred friend's hash and record.
      expect(text.split(period)).toHaveLength(3);
      expect(text).not.toContain(String(DEFAULT_RETENTION_DAYS));
    });
  }
});

test("the cookie table breaks no word inside itself, as a table at 1440 px and as cards at 375 px", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Chromium here has no hyphenation dictionaries, so a column too narrow for a word breaks
  // it anywhere (overflow-wrap), e.g. German 'Ereigniss|e' under 'Laufzeit'. Cookie names
  // (<code>, AMP_<key>) may break anywhere by design and are left out.
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const locale of LOCALES) {
      await gotoHydrated(page, localizePath("/privacy-policy", locale));
      const table = page.getByRole("table");
      await table.scrollIntoViewIfNeeded();
      const broken = await table.evaluate((element) => {
        const words: string[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest("code")) continue;
          const text = node.textContent ?? "";
          // Words, and the parts of a compound up to its hyphen: breaking after one is fine.
          for (const match of text.matchAll(/[^\s-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            // A word on two lines has boxes at two heights.
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) words.push(match[0]);
          }
        }
        return words;
      });
      expect(broken, `${locale} at ${width} px`).toEqual([]);
    }
  }
});

test("a cookie name breaks after an underscore or between words, not where the column ends", async ({
  page,
}) => {
  // 'AMP_111111111' over '1' and 'TawkConnectio' over 'nTime' at 1440 px, before. A piece
  // wider than its column on its own (a long id) may still break inside itself.
  test.setTimeout(60_000);
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await gotoHydrated(page, localizePath("/privacy-policy", locale));
    const cells = page.getByRole("table").getByRole("rowheader");
    const piecesOf = Object.fromEntries(
      (await cells.locator("code").allTextContents()).map((name) => [name, identifierBreaks(name)]),
    );
    for (const width of [1440, 768, 375, 320]) {
      await page.setViewportSize({ width, height: 900 });
      const names = await cells.evaluateAll((elements, piecesOf) => {
        return elements.map((cell) => {
          const code = cell.querySelector("code");
          const name = code?.textContent ?? "";
          const breaks: number[] = [];
          if (!code) return { name, breaks, pieceFits: [] };
          // Where the name's characters move to a new line, as offsets into the name.
          let offset = 0;
          let lastTop: number | null = null;
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (let i = 0; i < text.length; i += 1) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (lastTop !== null && top > lastTop) breaks.push(offset + i);
              lastTop = top;
            }
            offset += text.length;
          }
          // Whether each piece fits the cell's width on its own, in the name's font.
          const width = code.getBoundingClientRect().width;
          const pieceFits = (piecesOf[name] ?? []).map((piece) => {
            const probe = document.createElement("span");
            probe.style.cssText = "position:absolute;white-space:nowrap;visibility:hidden";
            probe.textContent = piece;
            code.append(probe);
            const fits = probe.getBoundingClientRect().width <= width + 0.5;
            probe.remove();
            return fits;
          });
          return { name, breaks, pieceFits };
        });
      }, piecesOf);
      for (const { name, breaks, pieceFits } of names) {
        // Where each piece ends, as an offset into the name: the allowed break points.
        const pieces = piecesOf[name] ?? [];
        const ends = pieces.map((_, i) => pieces.slice(0, i + 1).join("").length);
        for (const index of breaks) {
          if (ends.includes(index)) continue;
          // A break inside a piece is allowed only where that piece alone is too wide.
          const piece = ends.findIndex((end) => index < end);
          if (pieceFits[piece]) {
            problems.push(`${locale} at ${width}: ${name.slice(0, index)}|${name.slice(index)}`);
          }
        }
      }
    }
  }
  expect(problems).toEqual([]);
});

test.describe("terms of service", () => {
  for (const locale of LOCALES) {
    test(`the ${locale} terms carry the spec's numbers and a table of contents`, async ({
      page,
    }) => {
      await page.goto(localizePath("/terms", locale));
      const body = page.getByRole("article");
      for (const figure of ["30", "14", "100"]) await expect(body).toContainText(figure);
      const toc = page.getByRole("navigation", { name: message(locale, "terms.tocLabel") });
      await expect(toc.getByRole("link")).toHaveCount(14);
    });
  }

  test("prints without the site chrome", async ({ page }) => {
    await page.goto("/terms");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.locator("#section-12")).toBeVisible();
  });
});
