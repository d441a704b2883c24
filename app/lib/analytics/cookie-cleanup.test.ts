import { expect, test } from "vitest";
import { namesToRemove } from "./cookie-cleanup.ts";

const names = [
  "lang",
  "consent",
  "AMP_2222222222",
  "AMP_MKTG_2222",
  "referrerCode",
  "_gcl_au",
  "twk_uuid_1",
  "_ga",
];

test.each([
  [[], []],
  [["analytics"], ["AMP_2222222222", "AMP_MKTG_2222", "twk_uuid_1", "_ga"]],
  [["marketing"], ["referrerCode", "_gcl_au"]],
])("withdrawing %j removes %j, never lang or consent", (withdrawn, expected) => {
  expect(namesToRemove(names, withdrawn as Array<"analytics" | "marketing">)).toEqual(expected);
});
