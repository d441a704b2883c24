import { expect, test } from "vitest";
import { formResultPath } from "./result-pages.ts";

test.each([
  ["referral", "sent", "en", "/referrals/sent"],
  ["referral", "sent", "de", "/de/referrals/sent"],
  ["partner", "sent", "fr", "/fr/referrals/partner-sent"],
  ["referral", "invalid", "en", "/referrals?error=friend"],
  ["partner", "invalid", "es", "/es/referrals?error=partner"],
] as const)("%s %s in %s → %s", (kind, outcome, locale, path) => {
  expect(formResultPath(kind, outcome, locale)).toBe(path);
});
