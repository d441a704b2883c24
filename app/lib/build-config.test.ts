import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  BUILD_VARIABLES,
  BuildConfigError,
  enabledVendors,
  readBuildConfig,
} from "./build-config.ts";

const FULL = {
  ANALYTICS_KEY_LIVE: "11111111111111111111111111111111",
  ANALYTICS_KEY_TESTING: "22222222222222222222222222222222",
  TAG_MANAGER_ID: "GTM-TEST000",
  LINKEDIN_PARTNER_ID: "1000001",
  CHAT_PROPERTY_ID: "000000000000000000000001",
  VIDEO_TOUR_ID: "100000001",
  VIDEO_TOUR_DURATION_SECONDS: "95",
  VIDEO_WALKTHROUGH_ID: "100000002",
  VIDEO_WALKTHROUGH_START_SECONDS: "12",
  XERO_PARTNER_TRACKING_ID: "xtest000",
  ACCESSIBILITY_RESPONSE_DAYS: "5",
};

describe("with nothing set", () => {
  const { config, warnings } = readBuildConfig({});

  test("every id is undefined, so every tag and video section is off", () => {
    expect(config).toEqual({
      analytics: { live: undefined, testing: undefined },
      tagManagerId: undefined,
      linkedInPartnerId: undefined,
      chat: undefined,
      videos: { productTour: undefined, xeroWalkthrough: undefined },
      xeroPartnerTrackingId: undefined,
      // The privacy policy's two years (issue 49); not a deployment id, so never a warning.
      retentionDays: 730,
    });
    expect(enabledVendors(config)).toEqual([]);
  });

  test("warns once per missing value, naming the variable and what is off", () => {
    expect(warnings).toEqual([
      "ANALYTICS_KEY_LIVE is not set: the live site sends no product analytics",
      "ANALYTICS_KEY_TESTING is not set: hosts other than the live site send no product analytics",
      "TAG_MANAGER_ID is not set: no tag manager container is loaded",
      "LINKEDIN_PARTNER_ID is not set: no LinkedIn Insight Tag is loaded",
      "CHAT_PROPERTY_ID is not set: no live chat (the chat bubble is not shown)",
      "VIDEO_TOUR_ID is not set: the landing page has no video section",
      "VIDEO_WALKTHROUGH_ID is not set: /xero has no walkthrough video section",
      "XERO_PARTNER_TRACKING_ID is not set: the Xero signup link carries no partner tracking id",
      "ACCESSIBILITY_RESPONSE_DAYS is not set: the accessibility statement names no time for an answer",
    ]);
  });

  test("the accessibility statement's contact is on the company's domain, and names no reply time", () => {
    expect(readBuildConfig({}).accessibility).toEqual({ email: "accessibility@beyondbudget.app" });
  });

  test("an empty or blank value counts as missing", () => {
    expect(readBuildConfig({ TAG_MANAGER_ID: "  " }).config.tagManagerId).toBeUndefined();
  });
});

test("REQUIRE_SITE_CONFIG=1 turns each missing required value into an error naming it", () => {
  expect(() => readBuildConfig({ REQUIRE_SITE_CONFIG: "1" })).toThrow(BuildConfigError);
  const { TAG_MANAGER_ID: _, ...withoutTagManager } = FULL;
  expect(() => readBuildConfig({ ...withoutTagManager, REQUIRE_SITE_CONFIG: "1" })).toThrow(
    /^Site configuration: TAG_MANAGER_ID is required \(REQUIRE_SITE_CONFIG=1\)[^;]*$/,
  );
  // Optional values (durations, start times, the testing key, the widget) may stay unset.
  const required = Object.fromEntries(
    BUILD_VARIABLES.filter((v) => v.isRequired).map((v) => [v.name, FULL[v.name]]),
  );
  expect(() => readBuildConfig({ ...required, REQUIRE_SITE_CONFIG: "1" })).not.toThrow();
});

test("a complete configuration turns everything on, with no warning", () => {
  const { config, warnings } = readBuildConfig(FULL);
  expect(warnings).toEqual([]);
  expect(config).toEqual({
    analytics: { live: FULL.ANALYTICS_KEY_LIVE, testing: FULL.ANALYTICS_KEY_TESTING },
    tagManagerId: "GTM-TEST000",
    linkedInPartnerId: "1000001",
    chat: { propertyId: FULL.CHAT_PROPERTY_ID, widgetId: "default" },
    videos: {
      productTour: { id: "100000001", startSeconds: 0, durationSeconds: 95 },
      xeroWalkthrough: { id: "100000002", startSeconds: 12 },
    },
    xeroPartnerTrackingId: "xtest000",
    retentionDays: 730,
  });
  expect(enabledVendors(config)).toEqual(["vimeo", "amplitude", "tagManager", "linkedIn", "chat"]);
  expect(readBuildConfig({ ...FULL, RETENTION_DAYS: "365" }).config.retentionDays).toBe(365);
});

test("the accessibility statement's contact and reply time come from the environment, apart from what the browser carries", () => {
  const { config, accessibility } = readBuildConfig({
    ...FULL,
    ACCESSIBILITY_CONTACT: "a11y@example.org",
  });
  expect(accessibility).toEqual({ email: "a11y@example.org", responseBusinessDays: 5 });
  expect(JSON.stringify(config)).not.toContain("example.org");
});

test.each([
  ["TAG_MANAGER_ID", "K7B3Q9X"],
  ["TAG_MANAGER_ID", "gtm-test000"],
  ["TAG_MANAGER_ID", "GTM-"],
  ["ANALYTICS_KEY_LIVE", "test-analytics-key"],
  ["ANALYTICS_KEY_LIVE", "ABCDEF0123456789ABCDEF0123456789"],
  ["LINKEDIN_PARTNER_ID", "li-123"],
  ["CHAT_PROPERTY_ID", "5e8c1f2a"],
  ["VIDEO_TOUR_ID", "https://vimeo.com/1"],
  ["VIDEO_TOUR_DURATION_SECONDS", "1:35"],
  ["XERO_PARTNER_TRACKING_ID", "x30beyond&utm=1"],
  ["XERO_PARTNER_TRACKING_ID", "a".repeat(65)],
  ["ACCESSIBILITY_CONTACT", "accessibility"],
  ["ACCESSIBILITY_CONTACT", "Beyond <a11y@example.org>"],
  ["ACCESSIBILITY_CONTACT", "a11y@example.org?subject=x"],
  ["ACCESSIBILITY_CONTACT", "a11y@localhost"],
  ["ACCESSIBILITY_RESPONSE_DAYS", "0"],
  ["ACCESSIBILITY_RESPONSE_DAYS", "ten"],
  ["ACCESSIBILITY_RESPONSE_DAYS", "100"],
  ["ACCESSIBILITY_RESPONSE_DAYS", "2.5"],
  ["RETENTION_DAYS", "0"],
  ["RETENTION_DAYS", "2 years"],
  ["RETENTION_DAYS", "100000"],
])("%s=%j is rejected, with or without REQUIRE_SITE_CONFIG", (name, value) => {
  expect(() => readBuildConfig({ ...FULL, [name]: value })).toThrow(
    new RegExp(`${name} must be .*"${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`),
  );
});

test.each([
  ["TAG_MANAGER_ID", "GTM-ABCD"],
  ["TAG_MANAGER_ID", "GTM-K7B3Q9X1"],
  ["LINKEDIN_PARTNER_ID", "42"],
  ["CHAT_WIDGET_ID", "1a2b3c_d"],
  ["ACCESSIBILITY_CONTACT", "accessibility+web@mail.example.co.uk"],
  ["ACCESSIBILITY_RESPONSE_DAYS", "30"],
])("%s=%j is accepted", (name, value) => {
  expect(() => readBuildConfig({ ...FULL, [name]: value })).not.toThrow();
});

test("only the vendors of the tags that are on", () => {
  const { config } = readBuildConfig({
    VIDEO_WALKTHROUGH_ID: "7",
    ANALYTICS_KEY_TESTING: "a".repeat(32),
  });
  expect(enabledVendors(config)).toEqual(["vimeo", "amplitude"]);
});

test("every variable is in the build's table of docs/configuration.md and is a Dockerfile build argument", () => {
  const read = (file: string) => readFileSync(join(import.meta.dirname, "../..", file), "utf8");
  const [, buildSection = ""] = read("docs/configuration.md").split(/^## Build.*$/m);
  const buildTable = buildSection.split(/^## /m)[0];
  const dockerfile = read("Dockerfile");
  for (const { name } of BUILD_VARIABLES) {
    expect(buildTable, name).toContain(`| \`${name}\` |`);
    expect(dockerfile, name).toMatch(new RegExp(`^ARG ${name}=""$`, "m"));
  }
});
