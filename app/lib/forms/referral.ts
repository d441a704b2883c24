import { z } from "zod";
import {
  emailField,
  type FieldIssue,
  type FormResult,
  lineField,
  NAME_MAX_CHARS,
  validateForm,
  validateFormField,
} from "./rules.ts";

/** The refer-a-friend fields, in form order, exactly as POST /api/sendEmail receives them. */
export const REFERRAL_FIELDS = [
  "yourFirstName",
  "yourLastName",
  "friendFirstName",
  "friendLastName",
  "yourEmail",
  "friendEmail",
] as const;

export type ReferralField = (typeof REFERRAL_FIELDS)[number];

/** Refer a friend (SPEC sections 3 and 5): all six fields required, both emails checked. */
export const referralSchema = z.object({
  yourFirstName: lineField(NAME_MAX_CHARS),
  yourLastName: lineField(NAME_MAX_CHARS),
  friendFirstName: lineField(NAME_MAX_CHARS),
  friendLastName: lineField(NAME_MAX_CHARS),
  yourEmail: emailField(),
  friendEmail: emailField(),
});

/** A validated, normalised referral. */
export type Referral = z.output<typeof referralSchema>;

/** Validates raw referral values; see `validateForm`. */
export function validateReferral(
  values: Readonly<Record<string, unknown>>,
): FormResult<Referral, ReferralField> {
  return validateForm(referralSchema, REFERRAL_FIELDS, values);
}

/** Checks one referral field alone; see `validateFormField`. */
export function validateReferralField(name: ReferralField, value: unknown): FieldIssue | undefined {
  return validateFormField(referralSchema, name, value);
}
