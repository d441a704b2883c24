import { describe, expect, test } from "vitest";
import { charCount, isEmailAddress } from "./rules.ts";

describe("isEmailAddress", () => {
  const local64 = "a".repeat(64);
  const label63 = "b".repeat(63);
  // 64 + 1 + 189 = 254 characters: the longest accepted address.
  const longest = `${local64}@${[label63, label63, "c".repeat(61)].join(".")}`;

  test.each([
    ["something@something", true],
    ["ana@example.com", true],
    ["ana+news@example.co.uk", true],
    ["o'brien@example.ie", true],
    ["first.last@sub-domain.example", true],
    ["a!#$%&*/=?^_`{|}~-@x9", true],
    ["x@123", true],
    [`${local64}@example.com`, true],
    [`${"a".repeat(65)}@example.com`, false],
    [`a@${label63}.com`, true],
    [`a@${"b".repeat(64)}.com`, false],
    [longest, true],
    [`${longest}x`, false],
    ["", false],
    ["plain", false],
    ["@example.com", false],
    ["ana@", false],
    ["a@b@c", false],
    ["ana.@example.com", false],
    [".ana@example.com", false],
    ["a..b@example.com", false],
    ['"ana"@example.com', false],
    ["ana smith@example.com", false],
    ["ana@exa mple.com", false],
    ["Ana <ana@example.com>", false],
    ["ana@example.com,bob@example.com", false],
    ["ana@example.com;bob@example.com", false],
    ["ana(comment)@example.com", false],
    ["ana@example.com\r\nBcc: x@y", false],
    ["ana@example.com\u0000", false],
    ["ana@-example.com", false],
    ["ana@example-.com", false],
    ["ana@example..com", false],
    ["ana@example.com.", false],
    ["ana@exa_mple.com", false],
    ["ana@[127.0.0.1]", false],
    ["josé@example.com", false],
    ["ana@münchen.de", false],
  ])("%j → %s", (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});

test.each([
  ["", 0],
  ["abc", 3],
  ["李", 1],
  ["😀", 1],
  ["Zoë", 3],
])("charCount(%j) is %i", (value, expected) => {
  expect(charCount(value)).toBe(expected);
});
