import { describe, expect, test } from "vitest";
import { CLIENT_NUMBERS, PARTNER_FIELDS, PRACTICE_TYPES } from "../../lib/forms/partner.ts";
import { REFERRAL_FIELDS } from "../../lib/forms/referral.ts";
import {
  COMPANY_MAX_CHARS,
  EMAIL_MAX_CHARS,
  NAME_MAX_CHARS,
  NOTES_MAX_CHARS,
} from "../../lib/forms/rules.ts";
import {
  CLIENT_NUMBER_KEYS,
  type FormDefinition,
  PARTNER_FORM,
  PRACTICE_TYPE_KEYS,
  REFERRAL_FORM,
} from "./form-definitions.ts";

function fieldNames(definition: FormDefinition): string[] {
  return definition.groups.flatMap((group) => group.fields.map((field) => field.name));
}

describe("the forms match the shared schemas", () => {
  test.each([
    ["referral", REFERRAL_FORM, REFERRAL_FIELDS],
    ["partner", PARTNER_FORM, PARTNER_FIELDS],
  ] as const)("the %s form shows exactly the schema's fields", (_kind, definition, fields) => {
    expect(fieldNames(definition).sort()).toEqual([...fields].sort());
  });

  test("practice types and client numbers are the schema's options, in its order", () => {
    expect(Object.keys(PRACTICE_TYPE_KEYS)).toEqual([...PRACTICE_TYPES]);
    expect(Object.keys(CLIENT_NUMBER_KEYS)).toEqual([...CLIENT_NUMBERS]);
  });

  test("only notes is optional", () => {
    const optional = [REFERRAL_FORM, PARTNER_FORM]
      .flatMap((definition) => definition.groups.flatMap((group) => group.fields))
      .filter((field) => field.kind !== "choice" && field.isOptional)
      .map((field) => field.name);
    expect(optional).toEqual(["notes"]);
  });
});

test("each text field's maxLength is the schema's limit", () => {
  const limits = Object.fromEntries(
    [REFERRAL_FORM, PARTNER_FORM]
      .flatMap((definition) => definition.groups.flatMap((group) => group.fields))
      .map((field) => [field.name, field.kind === "choice" ? undefined : field.maxChars]),
  );
  expect(limits).toEqual({
    yourFirstName: NAME_MAX_CHARS,
    yourLastName: NAME_MAX_CHARS,
    friendFirstName: NAME_MAX_CHARS,
    friendLastName: NAME_MAX_CHARS,
    yourEmail: EMAIL_MAX_CHARS,
    friendEmail: EMAIL_MAX_CHARS,
    firstName: NAME_MAX_CHARS,
    lastName: NAME_MAX_CHARS,
    email: EMAIL_MAX_CHARS,
    company: COMPANY_MAX_CHARS,
    practiceType: undefined,
    clientNumber: undefined,
    notes: NOTES_MAX_CHARS,
  });
});
