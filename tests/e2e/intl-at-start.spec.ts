import { expect, test } from "@playwright/test";
import { LOCALES } from "../../app/lib/locale.ts";
import { gotoHydrated, LOCALIZED_PAGES } from "./support/pages.ts";

/**
 * Decision record 0011: a page starts without building any `Intl` formatter in the browser.
 * The first one of a kind loads ICU data, 70-400 ms of main thread on a phone, only to write
 * again what the prerendered page already says. Every formatter built before the whole page
 * has hydrated is recorded, with where it was built.
 */
const FORMATTERS = [
  "NumberFormat",
  "DateTimeFormat",
  "PluralRules",
  "RelativeTimeFormat",
  "ListFormat",
  "DisplayNames",
] as const;

for (const locale of LOCALES) {
  test(`no Intl formatter is built while a page starts (${locale})`, async ({ page }) => {
    const pages = LOCALIZED_PAGES.filter((entry) => entry.locale === locale);
    // Every page of the locale, each until hydrated: up to 1.5 s apiece on a slow host.
    test.setTimeout(pages.length * 3_000);
    await page.addInitScript((names: readonly string[]) => {
      const record: string[] = [];
      (window as unknown as { __intlAtStart: string[] }).__intlAtStart = record;
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
      for (const name of names) {
        const original = intl[name];
        if (!original) continue;
        intl[name] = new Proxy(original, {
          construct(target, args) {
            if (!(window as { __beyondPageHydrated?: boolean }).__beyondPageHydrated) {
              const caller = new Error().stack?.split("\n")[2]?.trim() ?? "";
              record.push(`${name}(${JSON.stringify(args)}) ${caller}`);
            }
            return Reflect.construct(target, args);
          },
        });
      }
    }, FORMATTERS);
    const built: Record<string, string[]> = {};
    for (const { path } of pages) {
      await gotoHydrated(page, path);
      const record = await page.evaluate(
        () => (window as unknown as { __intlAtStart: string[] }).__intlAtStart,
      );
      if (record.length > 0) built[path] = record;
    }
    expect(built).toEqual({});
  });
}
