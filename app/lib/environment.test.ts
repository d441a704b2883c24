import { expect, test } from "vitest";
import { environmentFromHostname } from "./environment.ts";

test.each([
  ["localhost", "Localhost"],
  ["127.0.0.1", "Localhost"],
  ["::1", "Localhost"],
  ["beyond.localhost", "Localhost"],
  ["staging.beyondbudget.app", "Staging"],
  ["staging-2.beyondbudget.app", "Staging"],
  ["demo.beyondbudget.app", "Demo"],
  ["www.beyondbudget.app", "Live"],
  ["beyondbudget.app", "Live"],
  ["WWW.BEYONDBUDGET.APP.", "Live"],
  ["demolition.example", "Live"],
])("%s is %s", (hostname, label) => {
  expect(environmentFromHostname(hostname)).toBe(label);
});
