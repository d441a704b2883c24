import { z } from "zod";
import {
  COMPANY_MAX_CHARS,
  emailField,
  type FieldIssue,
  type FormResult,
  lineField,
  NAME_MAX_CHARS,
  NOTES_MAX_CHARS,
  notesField,
  optionField,
  validateForm,
  validateFormField,
} from "./rules.ts";

/** The join-partner fields, in form order, exactly as POST /api/joinPartner receives them. */
export const PARTNER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "company",
  "practiceType",
  "clientNumber",
  "notes",
] as const;

export type PartnerField = (typeof PARTNER_FIELDS)[number];

/** The kinds of practice a partner can pick (values sent as is). */
export const PRACTICE_TYPES = ["accountant", "bookkeeper", "consultant", "other"] as const;
export type PracticeType = (typeof PRACTICE_TYPES)[number];

/** Client-count bands a partner can pick (the browser encodes `+` as `%2B`). */
export const CLIENT_NUMBERS = ["0", "1-10", "10-50", "50-100", "100+"] as const;
export type ClientNumber = (typeof CLIENT_NUMBERS)[number];

/**
 * Join partner (SPEC sections 3 and 5): names, company, practice type and client count
 * required, email required and checked (the acknowledgement goes there), notes optional.
 */
export const partnerSchema = z.object({
  firstName: lineField(NAME_MAX_CHARS),
  lastName: lineField(NAME_MAX_CHARS),
  email: emailField(),
  company: lineField(COMPANY_MAX_CHARS),
  practiceType: optionField(PRACTICE_TYPES),
  clientNumber: optionField(CLIENT_NUMBERS),
  notes: notesField(NOTES_MAX_CHARS),
});

/** A validated, normalised partner request (`notes` is "" when left out). */
export type PartnerRequest = z.output<typeof partnerSchema>;

/** Validates raw partner values; see `validateForm`. */
export function validatePartner(
  values: Readonly<Record<string, unknown>>,
): FormResult<PartnerRequest, PartnerField> {
  return validateForm(partnerSchema, PARTNER_FIELDS, values);
}

/** Checks one partner field alone; see `validateFormField`. */
export function validatePartnerField(name: PartnerField, value: unknown): FieldIssue | undefined {
  return validateFormField(partnerSchema, name, value);
}
