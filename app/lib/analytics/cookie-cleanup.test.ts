import { expect, test } from "vitest";
import { namesToRemove } from "./cookie-cleanup.ts";

const names = [
  "lang",
  "consent",
  "AMP_7e3f0a9b2c",
  "AMP_MKTG_7e3f",
  "referrerCode",
  "_gcl_au",
  "twk_uuid_1",
  "_ga",
];

test.each([
  [[], []],
  [["analytics"], ["AMP_7e3f0a9b2c", "AMP_MKTG_7e3f", "twk_uuid_1", "_ga"]],
  [["marketing"], ["referrerCode", "_gcl_au"]],
])("withdrawing %j removes %j, never lang or consent", (withdrawn, expected) => {
  expect(namesToRemove(names, withdrawn as Array<"analytics" | "marketing">)).toEqual(expected);
});
