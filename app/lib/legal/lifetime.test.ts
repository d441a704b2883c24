import { expect, test } from "vitest";
import { COOKIES, PRIVACY_SECTIONS, sectionId, TERMS_SECTIONS } from "../../content/legal.ts";
import { ANALYTICS_COOKIE_EXPIRATION_DAYS, CONSENT_COOKIE } from "../analytics/constants.ts";
import { formatCalendarDate, formatLifetime } from "./lifetime.ts";

test.each([
  [{ unit: "day", value: 10 } as const, "en-GB", "10 days"],
  [{ unit: "day", value: 1 } as const, "en-GB", "1 day"],
  [{ unit: "month", value: 6 } as const, "de-DE", "6 Monate"],
  [{ unit: "year", value: 1 } as const, "es-ES", "1 año"],
  [{ unit: "hour", value: 24 } as const, "fr-FR", "24\u00a0heures"],
])("%j in %s is %s", (lifetime, locale, expected) => {
  expect(formatLifetime(lifetime, locale)).toBe(expected);
});

test("word lifetimes come from the catalogue", () => {
  expect(formatLifetime({ unit: "session" }, "en-GB")).toBeNull();
  expect(formatLifetime({ unit: "untilSent" }, "en-GB")).toBeNull();
});

test.each([
  ["en-GB", "22 May 2018"],
  ["de-DE", "22. Mai 2018"],
  ["es-ES", "22 de mayo de 2018"],
  ["fr-FR", "22 mai 2018"],
])("SPEC §9 last-updated date in %s reads %s", (locale, expected) => {
  expect(formatCalendarDate("2018-05-22", locale)).toBe(expected);
});

test("SPEC §2: the cookies section is section 11", () => {
  expect(sectionId(PRIVACY_SECTIONS.indexOf("cookies"))).toBe("section-11");
});

test("the cookies section lists the spec's cookies with their lifetimes", () => {
  const byName = new Map(COOKIES.map((cookie) => [cookie.name, cookie]));
  expect(byName.get("referrerCode")).toMatchObject({
    lifetime: { unit: "day", value: 10 },
    consent: "marketing",
  });
  expect(byName.get("lang")).toMatchObject({ consent: "necessary" });
  // The names and lifetimes the code sets.
  expect(byName.get(CONSENT_COOKIE)).toMatchObject({
    lifetime: { unit: "month", value: 6 },
    consent: "necessary",
  });
  const amplitude = COOKIES.filter((cookie) => cookie.name.startsWith("AMP_"));
  expect(amplitude.length).toBeGreaterThan(0);
  for (const cookie of amplitude.filter((entry) => entry.storage === "cookie")) {
    expect(cookie.lifetime).toEqual({ unit: "day", value: ANALYTICS_COOKIE_EXPIRATION_DAYS });
  }
  // The chat widget loads with analytics consent, and its cookies go when it is withdrawn.
  for (const cookie of COOKIES.filter((entry) => entry.provider === "tawk")) {
    expect(cookie.consent).toBe("analytics");
  }
});

test("cross-references in the legal copy point at the right sections", () => {
  // terms §11 "the rules on your data in section 8"; privacy §7 "the cookie lifetimes in section 11".
  expect(sectionId(TERMS_SECTIONS.indexOf("data"))).toBe("section-8");
  expect(sectionId(PRIVACY_SECTIONS.indexOf("cookies"))).toBe("section-11");
});
