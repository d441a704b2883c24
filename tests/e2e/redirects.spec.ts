import { expect, test } from "@playwright/test";
import { LOCALES, localizePath } from "../../app/lib/locale.ts";
import { SITE } from "../../app/lib/site-config.ts";

test("the step-by-step guide redirects to the blog article in every locale", async ({
  request,
}) => {
  for (const locale of LOCALES) {
    const response = await request.get(localizePath("/xero-integration/step-by-step", locale), {
      maxRedirects: 0,
    });
    expect([301, 302]).toContain(response.status());
    expect(response.headers().location).toBe(SITE.xeroStepByStepArticle);
  }
});

test("robots.txt and the sitemap list every page in every locale", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${SITE.origin}/sitemap.xml`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const locale of LOCALES) {
    expect(sitemap).toContain(`<loc>${SITE.origin}${localizePath("/pricing", locale)}</loc>`);
  }
  expect(sitemap).toContain('hreflang="x-default"');
  expect(sitemap).not.toContain("/xero<");
});
