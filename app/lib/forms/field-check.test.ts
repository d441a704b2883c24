import { expect, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../../tests/fixtures/submissions.ts";
import { PARTNER_FIELDS, validatePartner, validatePartnerField } from "./partner.ts";
import { REFERRAL_FIELDS, validateReferral, validateReferralField } from "./referral.ts";
import { NOTES_MAX_CHARS } from "./rules.ts";

/** Values that pass or fail each kind of rule: empty, blank, too long, hidden characters… */
const SAMPLES: readonly unknown[] = [
  undefined,
  null,
  42,
  "",
  "   ",
  "\u200b",
  "Ada",
  "  Ada  ",
  "Ada\nLovelace",
  "Ada\u202Eecalevol",
  "x".repeat(201),
  "x".repeat(NOTES_MAX_CHARS + 1),
  "ada@example.com",
  "ada@",
  "ada@@example.com",
  "accountant",
  "bookkeeper",
  "100+",
  "1-10",
  "plumber",
];

const FORMS = [
  {
    fields: REFERRAL_FIELDS,
    valid: VALID_REFERRAL,
    whole: validateReferral,
    one: validateReferralField,
  },
  {
    fields: PARTNER_FIELDS,
    valid: VALID_PARTNER,
    whole: validatePartner,
    one: validatePartnerField,
  },
] as const;

test("a field checked alone gets exactly the issue the whole form's check gives it", () => {
  let compared = 0;
  for (const form of FORMS) {
    for (const field of form.fields) {
      for (const value of SAMPLES) {
        const whole = form.whole({ ...form.valid, [field]: value });
        const expected = whole.ok ? undefined : (whole.issues as Record<string, unknown>)[field];
        const alone = (form.one as (name: string, value: unknown) => unknown)(field, value);
        expect(alone, `${field} = ${JSON.stringify(value)}`).toEqual(expected);
        compared += 1;
      }
    }
  }
  expect(compared).toBe((REFERRAL_FIELDS.length + PARTNER_FIELDS.length) * SAMPLES.length);
});
