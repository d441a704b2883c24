import { expect, test } from "vitest";
import { maskEmail } from "./mask.ts";

test.each([
  ["bob@example.com", "b***@example.com"],
  ["a@b", "a***@b"],
  ["first.last+tag@sub.example.org", "f***@sub.example.org"],
  ["", "***"],
  ["@example.com", "***"],
  ["no-at-sign", "***"],
])("maskEmail(%j) is %j", (address, masked) => {
  expect(maskEmail(address)).toBe(masked);
});
