import { expect, test } from "vitest";
import { normalizeReferralCode, parseReferrer, referralUserProperties } from "./referrer.ts";

test.each([
  ["acme_spring_2024", { referrer: "acme", adCampaign: "spring", campaignDate: "2024" }],
  ["acme", { referrer: "acme", adCampaign: "", campaignDate: "" }],
  ["acme_spring", { referrer: "acme", adCampaign: "spring", campaignDate: "" }],
  ["acme__2024", { referrer: "acme", adCampaign: "", campaignDate: "2024" }],
  ["acme_spring_2024_extra", { referrer: "acme", adCampaign: "spring", campaignDate: "2024" }],
])("%s splits into %j", (code, expected) => {
  expect(parseReferrer(code)).toEqual(expected);
});

test.each([
  ["acme_spring_2024", "acme_spring_2024"],
  ["  acme_spring_2024 ", "acme_spring_2024"],
  ["müller-gmbh_q1.2025", "müller-gmbh_q1.2025"],
  ["", null],
  [null, null],
  ["a;b", null],
  ["<script>", null],
  ["a b", null],
  ["x".repeat(100), "x".repeat(100)],
  ["x".repeat(101), null],
])("the code %j normalizes to %j", (value, expected) => {
  expect(normalizeReferralCode(value)).toBe(expected);
});

test("user properties carry the app source", () => {
  expect(referralUserProperties(parseReferrer("acme_spring_2024"))).toEqual({
    referrer: "acme",
    adCampaign: "spring",
    campaignDate: "2024",
    app_source: "Brochureware",
  });
});
