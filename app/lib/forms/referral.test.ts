import { describe, expect, test } from "vitest";
import { VALID_REFERRAL } from "../../../tests/fixtures/submissions.ts";
import { REFERRAL_FIELDS, validateReferral } from "./referral.ts";

const valid = VALID_REFERRAL;

function issueFor(field: string, value: unknown) {
  const result = validateReferral({ ...valid, [field]: value });
  return result.ok ? undefined : result.issues;
}

test("the field list is exactly the spec's six fields in form order", () => {
  expect(REFERRAL_FIELDS).toEqual([
    "yourFirstName",
    "yourLastName",
    "friendFirstName",
    "friendLastName",
    "yourEmail",
    "friendEmail",
  ]);
});

test("valid input passes and comes back normalised", () => {
  const result = validateReferral({
    ...valid,
    yourFirstName: "  Jose\u0301 ",
    friendEmail: "\tbob+beyond@example.com\n",
  });
  expect(result).toEqual({
    ok: true,
    data: { ...valid, yourFirstName: "José", friendEmail: "bob+beyond@example.com" },
  });
});

test("an empty form reports every field with the right message", () => {
  expect(validateReferral({})).toEqual({
    ok: false,
    issues: {
      yourFirstName: { key: "common.forms.required" },
      yourLastName: { key: "common.forms.required" },
      friendFirstName: { key: "common.forms.required" },
      friendLastName: { key: "common.forms.required" },
      yourEmail: { key: "common.forms.email.missing" },
      friendEmail: { key: "common.forms.email.missing" },
    },
  });
});

describe.each(["yourFirstName", "yourLastName", "friendFirstName", "friendLastName"])(
  "%s",
  (field) => {
    test.each([
      ["José"],
      ["Zoë"],
      ["Łukasz"],
      ["Ольга"],
      ["李"],
      ["O'Brien-Smith"],
      ["Mary Jane"],
      ["x".repeat(100)],
      ["李".repeat(100)],
      ["<script>alert(1)</script>"],
      ["Robert'); DROP TABLE submissions;--"],
      ["{{7*7}} $" + "{7*7} <%= 7*7 %>"],
      ["Ana\u200DMaría"],
    ])("accepts %j", (value) => {
      expect(issueFor(field, value)).toBeUndefined();
    });

    test.each([
      [undefined, { key: "common.forms.required" }],
      [null, { key: "common.forms.required" }],
      [42, { key: "common.forms.required" }],
      ["", { key: "common.forms.required" }],
      ["   ", { key: "common.forms.required" }],
      ["\u00A0\u3000", { key: "common.forms.required" }],
      ["\u200B\u200B", { key: "common.forms.required" }],
      ["x".repeat(101), { key: "common.forms.tooLong", values: { max: 100 } }],
      ["李".repeat(101), { key: "common.forms.tooLong", values: { max: 100 } }],
      ["Ana\r\nBcc: x@example.com", { key: "common.forms.invalidCharacters" }],
      ["Ana\nSmith", { key: "common.forms.invalidCharacters" }],
      ["Ana\tSmith", { key: "common.forms.invalidCharacters" }],
      ["Ana\u0000", { key: "common.forms.invalidCharacters" }],
      ["Ana\u001B[31m", { key: "common.forms.invalidCharacters" }],
      ["Ana\u007F", { key: "common.forms.invalidCharacters" }],
      ["Ana\u0085", { key: "common.forms.invalidCharacters" }],
      ["Ana\u009F", { key: "common.forms.invalidCharacters" }],
      ["Ana\u2028Smith", { key: "common.forms.invalidCharacters" }],
      ["Ana\u202Egnp.exe", { key: "common.forms.invalidCharacters" }],
      ["Ana\uD800", { key: "common.forms.invalidCharacters" }],
    ])("rejects %j", (value, expected) => {
      expect(issueFor(field, value)).toEqual({ [field]: expected });
    });
  },
);

describe.each(["yourEmail", "friendEmail"])("%s", (field) => {
  test.each([["something@something"], ["bob+tag@example.com"], ["  bob@example.com  "]])(
    "accepts %j",
    (value) => {
      expect(issueFor(field, value)).toBeUndefined();
    },
  );

  test.each([
    [undefined, "common.forms.email.missing"],
    ["", "common.forms.email.missing"],
    ["  ", "common.forms.email.missing"],
    ["bob", "common.forms.email.invalid"],
    ["bob@", "common.forms.email.invalid"],
    ["bob@example.com\nBcc: eve@example.com", "common.forms.email.invalid"],
    ["Bob <bob@example.com>", "common.forms.email.invalid"],
    ["bob@example.com, eve@example.com", "common.forms.email.invalid"],
    [`${"a".repeat(250)}@b.c`, "common.forms.email.invalid"],
  ])("rejects %j with %s", (value, key) => {
    expect(issueFor(field, value)).toEqual({ [field]: { key } });
  });
});

test("unknown and prototype keys are dropped", () => {
  const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":"x"}') as object;
  const result = validateReferral({ ...valid, ...hostile, website: "spam", extra: "1" });
  expect(result.ok && Object.keys(result.data).sort()).toEqual([...REFERRAL_FIELDS].sort());
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
