// Types only: the schemas (and zod) load with the live form, not with the page.
import type { ClientNumber, PracticeType } from "../../lib/forms/partner.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { FORM_DIALOG_IDS, type ReferralFormKind } from "../../lib/referrals/constants.ts";

/** A text-like field of a referral form. */
interface TextFieldSpec {
  kind: "text" | "email" | "textarea";
  name: string;
  labelKey: MessageKey;
  autoComplete?: string;
  isOptional?: boolean;
  /** Takes the whole row of the two-column grid. */
  isWide?: boolean;
  /** The schema's length limit, so a script-less post cannot fail on it. */
  maxChars?: number;
}

/** A pick-one field, shown as the dropdown widget (a native select before the script loads). */
export interface ChoiceFieldSpec {
  kind: "choice";
  name: string;
  labelKey: MessageKey;
  options: ReadonlyArray<{ value: string; labelKey: MessageKey }>;
}

export type FieldSpec = TextFieldSpec | ChoiceFieldSpec;

/** Fields under an optional legend (a `<fieldset>` when it has one). */
interface FieldGroup {
  legendKey?: MessageKey;
  fields: readonly FieldSpec[];
}

/** Everything the page needs to render, validate and post one form. */
export interface FormDefinition {
  kind: ReferralFormKind;
  dialogId: string;
  titleKey: MessageKey;
  introKey: MessageKey;
  submitKey: MessageKey;
  groups: readonly FieldGroup[];
}

// The schema's limits (NAME_MAX_CHARS…), repeated so the page does not load zod; a unit
// test keeps them equal.
const NAME_MAX = 100;
const COMPANY_MAX = 200;
const NOTES_MAX = 5000;
const EMAIL_MAX = 254;

/** Labels of the shared schema's practice types, in its order (a unit test checks both). */
export const PRACTICE_TYPE_KEYS: Record<PracticeType, MessageKey> = {
  accountant: "referrals.partnerForm.practiceTypes.accountant",
  bookkeeper: "referrals.partnerForm.practiceTypes.bookkeeper",
  consultant: "referrals.partnerForm.practiceTypes.consultant",
  other: "referrals.partnerForm.practiceTypes.other",
};

/** Labels of the shared schema's client-number bands, in its order. */
export const CLIENT_NUMBER_KEYS: Record<ClientNumber, MessageKey> = {
  "0": "referrals.partnerForm.clientNumbers.none",
  "1-10": "referrals.partnerForm.clientNumbers.upTo10",
  "10-50": "referrals.partnerForm.clientNumbers.upTo50",
  "50-100": "referrals.partnerForm.clientNumbers.upTo100",
  "100+": "referrals.partnerForm.clientNumbers.over100",
};

function choiceOptions(labels: Record<string, MessageKey>): ChoiceFieldSpec["options"] {
  return Object.entries(labels).map(([value, labelKey]) => ({ value, labelKey }));
}

/** SPEC §3 refer-a-friend: six required fields, both emails checked. */
export const REFERRAL_FORM: FormDefinition = {
  kind: "referral",
  dialogId: FORM_DIALOG_IDS.referral,
  titleKey: "referrals.referralForm.title",
  introKey: "referrals.referralForm.intro",
  submitKey: "referrals.referralForm.submit",
  groups: [
    {
      legendKey: "referrals.referralForm.yourDetails",
      fields: [
        {
          kind: "text",
          name: "yourFirstName",
          labelKey: "referrals.referralForm.yourFirstName",
          maxChars: NAME_MAX,
          autoComplete: "given-name",
        },
        {
          kind: "text",
          name: "yourLastName",
          labelKey: "referrals.referralForm.yourLastName",
          maxChars: NAME_MAX,
          autoComplete: "family-name",
        },
        {
          kind: "email",
          name: "yourEmail",
          labelKey: "referrals.referralForm.yourEmail",
          maxChars: EMAIL_MAX,
          autoComplete: "email",
          isWide: true,
        },
      ],
    },
    {
      legendKey: "referrals.referralForm.friendDetails",
      fields: [
        {
          kind: "text",
          name: "friendFirstName",
          labelKey: "referrals.referralForm.friendFirstName",
          maxChars: NAME_MAX,
          autoComplete: "off",
        },
        {
          kind: "text",
          name: "friendLastName",
          labelKey: "referrals.referralForm.friendLastName",
          maxChars: NAME_MAX,
          autoComplete: "off",
        },
        {
          kind: "email",
          name: "friendEmail",
          labelKey: "referrals.referralForm.friendEmail",
          maxChars: EMAIL_MAX,
          autoComplete: "off",
          isWide: true,
        },
      ],
    },
  ],
};

/** SPEC §3 join-partner: notes optional, practice type and client count picked from lists. */
export const PARTNER_FORM: FormDefinition = {
  kind: "partner",
  dialogId: FORM_DIALOG_IDS.partner,
  titleKey: "referrals.partnerForm.title",
  introKey: "referrals.partnerForm.intro",
  submitKey: "referrals.partnerForm.submit",
  groups: [
    {
      fields: [
        {
          kind: "text",
          name: "firstName",
          labelKey: "referrals.partnerForm.firstName",
          maxChars: NAME_MAX,
          autoComplete: "given-name",
        },
        {
          kind: "text",
          name: "lastName",
          labelKey: "referrals.partnerForm.lastName",
          maxChars: NAME_MAX,
          autoComplete: "family-name",
        },
        {
          kind: "email",
          name: "email",
          labelKey: "referrals.partnerForm.email",
          maxChars: EMAIL_MAX,
          autoComplete: "email",
        },
        {
          kind: "text",
          name: "company",
          labelKey: "referrals.partnerForm.company",
          maxChars: COMPANY_MAX,
          autoComplete: "organization",
        },
        {
          kind: "choice",
          name: "practiceType",
          labelKey: "referrals.partnerForm.practiceType",
          options: choiceOptions(PRACTICE_TYPE_KEYS),
        },
        {
          kind: "choice",
          name: "clientNumber",
          labelKey: "referrals.partnerForm.clientNumber",
          options: choiceOptions(CLIENT_NUMBER_KEYS),
        },
        {
          kind: "textarea",
          name: "notes",
          labelKey: "referrals.partnerForm.notes",
          maxChars: NOTES_MAX,
          isOptional: true,
          isWide: true,
        },
      ],
    },
  ],
};

/** The element id of a form field (unique per form, stable between renders). */
export function fieldId(kind: ReferralFormKind, name: string): string {
  return `${kind}-${name}`;
}
