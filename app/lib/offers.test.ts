import { expect, test } from "vitest";
import { activeOffer } from "./offers.ts";

test.each([
  ["2022-02-28T23:59:59Z", null],
  ["2022-03-01T00:00:00Z", "birthday"],
  ["2022-04-29T23:59:59Z", "birthday"],
  ["2022-04-30T00:00:00Z", null],
  ["2026-11-22T12:00:00Z", null],
])("at %s the active offer is %s", (iso, id) => {
  expect(activeOffer(new Date(iso))?.id ?? null).toBe(id);
});
