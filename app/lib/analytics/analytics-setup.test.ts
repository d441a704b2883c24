import { expect, test } from "vitest";
import {
  analyticsCookieDomain,
  analyticsSetup,
  isLocalhostName,
  isValidAnalyticsKey,
} from "./analytics-setup.ts";

const keys = { live: "live-key", testing: "testing-key" };

test.each([
  ["localhost", { mode: "console", environment: "Localhost" }],
  ["beyond.localhost", { mode: "console", environment: "Localhost" }],
  ["127.0.0.1", { mode: "send", environment: "Localhost", apiKey: "testing-key" }],
  ["staging.beyondbudget.app", { mode: "send", environment: "Staging", apiKey: "testing-key" }],
  ["demo.beyondbudget.app", { mode: "send", environment: "Demo", apiKey: "testing-key" }],
  ["www.beyondbudget.app", { mode: "send", environment: "Live", apiKey: "live-key" }],
  ["beyondbudget.app", { mode: "send", environment: "Live", apiKey: "live-key" }],
])("%s: %j", (hostname, expected) => {
  expect(analyticsSetup(hostname, keys)).toEqual(expected);
});

test.each([
  ["localhost", true],
  ["LOCALHOST", true],
  ["app.localhost", true],
  ["127.0.0.1", false],
  ["www.beyondbudget.app", false],
])("%s contains localhost: %s", (hostname, expected) => {
  expect(isLocalhostName(hostname)).toBe(expected);
});

test.each([
  ["0123456789abcdef0123456789abcdef", true],
  ["0123456789ABCDEF0123456789ABCDEF", false],
  ["0123456789abcdef0123456789abcde", false],
  ["", false],
  [undefined, false],
])("%j is a valid key: %s", (key, expected) => {
  expect(isValidAnalyticsKey(key)).toBe(expected);
});

test.each([
  ["www.beyondbudget.app", ".beyondbudget.app"],
  ["beyondbudget.app", ".beyondbudget.app"],
  ["staging.beyondbudget.app", ".beyondbudget.app"],
  ["notbeyondbudget.app", ""],
  ["127.0.0.1", ""],
])("the cookie domain on %s is %j", (hostname, expected) => {
  expect(analyticsCookieDomain(hostname, "https://www.beyondbudget.app")).toBe(expected);
});
