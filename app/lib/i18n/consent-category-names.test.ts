import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { LOCALES, type Locale } from "../locale.ts";
import { flattenMessages, type NestedMessages } from "./flatten.ts";

/**
 * The consent category that covers the video host's previews is named the same wherever a
 * visitor reads about it (issue 15): the banner's settings, the cookie policy's text and its
 * table, and the list of service providers, which names the video host.
 */
function catalogue(locale: Locale, namespace: string): Record<string, string> {
  const path = join(import.meta.dirname, "../../locales", locale, `${namespace}.json`);
  return flattenMessages(JSON.parse(readFileSync(path, "utf8")) as NestedMessages, namespace);
}

test.each(LOCALES)(
  "%s: the categories read the same in the banner and the cookie policy",
  (locale) => {
    const consent = catalogue(locale, "consent");
    const privacy = catalogue(locale, "privacy");
    const analytics = consent["consent.settings.analytics.title"];
    const marketing = consent["consent.settings.marketing.title"];
    expect(analytics).toBeTruthy();
    expect(marketing).toBeTruthy();
    expect(privacy["privacy.cookies.consent.analytics"]).toContain(analytics);
    expect(privacy["privacy.cookies.consent.marketing"]).toContain(marketing);
    expect(privacy["privacy.sections.cookies.body"]).toContain(marketing);
    expect(consent["consent.banner.text"]?.toLowerCase()).toContain(marketing?.toLowerCase());
    // The speed reports (decision record 29): the data they hold and the table's note.
    const speed = privacy["privacy.sections.data.body"]?.split("<li>")[4] ?? "";
    expect(speed).toContain(analytics);
    expect(speed).toMatch(/Core Web Vitals/);
    expect(privacy["privacy.cookies.note"]).toContain(analytics);
  },
);

test.each(LOCALES)(
  "%s: the service providers include the video host, under its category",
  (locale) => {
    const marketing = catalogue(locale, "consent")["consent.settings.marketing.title"] ?? "";
    const sharing = catalogue(locale, "privacy")["privacy.sections.sharing.body"] ?? "";
    const vimeo = sharing.split("<li>").find((item) => item.startsWith("Vimeo"));
    expect(vimeo).toContain(marketing);
  },
);
