import { describe, expect, test } from "vitest";
import { VALID_PARTNER } from "../../../tests/fixtures/submissions.ts";
import { CLIENT_NUMBERS, PARTNER_FIELDS, PRACTICE_TYPES, validatePartner } from "./partner.ts";

const valid = VALID_PARTNER;

function issueFor(field: string, value: unknown) {
  const result = validatePartner({ ...valid, [field]: value });
  return result.ok ? undefined : result.issues;
}

test("the field list and options are exactly the spec's", () => {
  expect(PARTNER_FIELDS).toEqual([
    "firstName",
    "lastName",
    "email",
    "company",
    "practiceType",
    "clientNumber",
    "notes",
  ]);
  expect(PRACTICE_TYPES).toEqual(["accountant", "bookkeeper", "consultant", "other"]);
  expect(CLIENT_NUMBERS).toEqual(["0", "1-10", "10-50", "50-100", "100+"]);
});

test("valid input passes; missing notes become an empty string", () => {
  const { notes: _, ...withoutNotes } = valid;
  expect(validatePartner(withoutNotes)).toEqual({ ok: true, data: { ...valid, notes: "" } });
  expect(validatePartner(valid)).toEqual({ ok: true, data: valid });
});

test("an empty form reports the required fields, not notes", () => {
  expect(validatePartner({})).toEqual({
    ok: false,
    issues: {
      firstName: { key: "common.forms.required" },
      lastName: { key: "common.forms.required" },
      email: { key: "common.forms.email.missing" },
      company: { key: "common.forms.required" },
      practiceType: { key: "common.forms.required" },
      clientNumber: { key: "common.forms.required" },
    },
  });
});

describe("company", () => {
  test.each([["x".repeat(200)], ["李".repeat(200)], ["Ольга Consulting GmbH"]])(
    "accepts %j",
    (value) => {
      expect(issueFor("company", value)).toBeUndefined();
    },
  );
  test.each([
    ["", { key: "common.forms.required" }],
    ["x".repeat(201), { key: "common.forms.tooLong", values: { max: 200 } }],
    ["Acme\r\nLtd", { key: "common.forms.invalidCharacters" }],
  ])("rejects %j", (value, expected) => {
    expect(issueFor("company", value)).toEqual({ company: expected });
  });
});

describe.each([
  ["practiceType", PRACTICE_TYPES],
  ["clientNumber", CLIENT_NUMBERS],
] as const)("%s", (field, options) => {
  test.each(options)("accepts %s", (value) => {
    expect(issueFor(field, value)).toBeUndefined();
  });
  test.each([
    ["", "common.forms.required"],
    [undefined, "common.forms.required"],
    ["Accountant", "common.forms.invalidOption"],
    ["100 ", "common.forms.invalidOption"],
    ["100", "common.forms.invalidOption"],
    ["accountant,other", "common.forms.invalidOption"],
    ["__proto__", "common.forms.invalidOption"],
    ["toString", "common.forms.invalidOption"],
  ])("%j gives %s", (value, key) => {
    expect(issueFor(field, value)).toEqual({ [field]: { key } });
  });
});

describe("notes", () => {
  test.each([
    ["", ""],
    ["  padded  ", "padded"],
    ["Line one\r\nLine two\n\tindented", "Line one\r\nLine two\n\tindented"],
    ["x".repeat(5000), "x".repeat(5000)],
    ["<b>bold</b> {{x}} '; DROP TABLE x;--", "<b>bold</b> {{x}} '; DROP TABLE x;--"],
  ])("accepts %j", (value, stored) => {
    const result = validatePartner({ ...valid, notes: value });
    expect(result.ok && result.data.notes).toBe(stored);
  });
  test.each([
    ["x".repeat(5001), { key: "common.forms.tooLong", values: { max: 5000 } }],
    ["bell\u0007", { key: "common.forms.invalidCharacters" }],
    ["nul\u0000", { key: "common.forms.invalidCharacters" }],
    ["esc\u001B", { key: "common.forms.invalidCharacters" }],
    ["c1\u0085", { key: "common.forms.invalidCharacters" }],
    [42, { key: "common.forms.invalidCharacters" }],
  ])("rejects %j", (value, expected) => {
    expect(issueFor("notes", value)).toEqual({ notes: expected });
  });
});
