import { z } from "zod";
import type { MessageKey } from "../i18n/keys.ts";

// Zod probes `new Function("")` to decide whether to compile fast parsers. Our CSP forbids
// eval, so the probe throws (harmlessly) but every engine reports a `script-src`
// securitypolicyviolation for it, the first time a form validates. Jitless skips the probe.
z.config({ jitless: true });

/**
 * Field rules shared by the browser forms and the server API (RELIABILITY SEC-1).
 * Every issue message is a catalogue key, so the browser translates it with `t()` and the
 * server can list failing fields without ever echoing input. Plain TypeScript with explicit
 * `.ts` imports: the Node server loads this file directly through type stripping.
 */

/** Longest accepted person name, in Unicode code points. */
export const NAME_MAX_CHARS = 100;
/** Longest accepted company name, in Unicode code points. */
export const COMPANY_MAX_CHARS = 200;
/** Longest accepted free-text note, in Unicode code points. */
export const NOTES_MAX_CHARS = 5000;
/** RFC 5321 path limit minus the angle brackets. */
export const EMAIL_MAX_CHARS = 254;
/** RFC 5321 local-part limit. */
const EMAIL_LOCAL_MAX_CHARS = 64;
/** RFC 1035 label limit. */
const DOMAIN_LABEL_MAX_CHARS = 63;

/** Message keys the form rules can produce. */
export const FORM_MESSAGES = {
  required: "common.forms.required",
  emailMissing: "common.forms.email.missing",
  emailInvalid: "common.forms.email.invalid",
  tooLong: "common.forms.tooLong",
  invalidCharacters: "common.forms.invalidCharacters",
  invalidOption: "common.forms.invalidOption",
} as const satisfies Record<string, MessageKey>;

export type FormMessageKey = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];

/**
 * Characters no single-line field may hold: C0 and C1 controls (so CR, LF, NUL, ESC), the
 * Unicode line and paragraph separators, bidirectional overrides and isolates (they can
 * disguise text inside an email) and lone surrogates (not valid UTF-8 for storage).
 */
const FORBIDDEN_IN_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
/** The same for multi-line notes, where TAB, LF and CR are allowed. */
const FORBIDDEN_IN_TEXT = /(?![\t\n\r])[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
/** Something visible: not only whitespace, separators or invisible format characters. */
const VISIBLE = /[^\s\p{Z}\p{Cf}]/u;

/** RFC 5322 atext: the characters of a dot-atom local part (no quotes, spaces, `<>,;()`). */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
/** A letter-digit-hyphen DNS label that neither starts nor ends with a hyphen. */
const LDH_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Length in Unicode code points, so 李 or an emoji counts once whatever its UTF-16 size. */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * True for a bare addr-spec the mailer can take as is: exactly one `@`, a dot-atom local part
 * of at most 64 characters and a domain of letter-digit-hyphen labels, 254 characters in all.
 * A single-label domain passes, so "something@something" (SPEC section 5) stays valid, and so
 * does plus-addressing.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_CHARS) return false;
  const parts = value.split("@");
  if (parts.length !== 2) return false;
  const [local = "", domain = ""] = parts;
  if (local.length > EMAIL_LOCAL_MAX_CHARS || !DOT_ATOM.test(local)) return false;
  return domain
    .split(".")
    .every((label) => label.length <= DOMAIN_LABEL_MAX_CHARS && LDH_LABEL.test(label));
}

/** Unicode NFC, then outer whitespace trimmed: the form every rule and the store see. */
function normalized(required: FormMessageKey) {
  return z.string({ error: required }).normalize("NFC").trim();
}

/**
 * A required single-line text (a name or a company): 1 to `maxChars` code points, something
 * visible, no control, separator or bidi-override characters. Letters of any script pass.
 */
export function lineField(maxChars: number) {
  return normalized(FORM_MESSAGES.required)
    .refine((value) => VISIBLE.test(value), { error: FORM_MESSAGES.required, abort: true })
    .refine((value) => charCount(value) <= maxChars, {
      error: FORM_MESSAGES.tooLong,
      params: { max: maxChars },
      abort: true,
    })
    .refine((value) => !FORBIDDEN_IN_LINE.test(value), {
      error: FORM_MESSAGES.invalidCharacters,
      abort: true,
    });
}

/** A required email address: missing and malformed get different messages (SPEC section 5). */
export function emailField() {
  return normalized(FORM_MESSAGES.emailMissing)
    .min(1, { error: FORM_MESSAGES.emailMissing, abort: true })
    .refine(isEmailAddress, { error: FORM_MESSAGES.emailInvalid, abort: true });
}

/** Optional multi-line text of at most `maxChars` code points; absent becomes "". */
export function notesField(maxChars: number) {
  return z
    .string({ error: FORM_MESSAGES.invalidCharacters })
    .normalize("NFC")
    .trim()
    .refine((value) => charCount(value) <= maxChars, {
      error: FORM_MESSAGES.tooLong,
      params: { max: maxChars },
      abort: true,
    })
    .refine((value) => !FORBIDDEN_IN_TEXT.test(value), {
      error: FORM_MESSAGES.invalidCharacters,
      abort: true,
    })
    .optional()
    .transform((value) => value ?? "");
}

/** A required choice: empty is "required", anything outside `options` is "invalid option". */
export function optionField<const T extends readonly [string, ...string[]]>(options: T) {
  return normalized(FORM_MESSAGES.required)
    .min(1, { error: FORM_MESSAGES.required, abort: true })
    .refine((value): value is T[number] => options.includes(value), {
      error: FORM_MESSAGES.invalidOption,
      abort: true,
    })
    .transform((value) => value as T[number]);
}

/** One field's first failing rule, ready for `t(key, values)`. */
export interface FieldIssue {
  key: FormMessageKey;
  /** `max` for `common.forms.tooLong`. */
  values?: { max: number };
}

/** Outcome of `validateForm`: the cleaned values, or the first issue of each failing field. */
export type FormResult<T, F extends string> =
  | { ok: true; data: T }
  | { ok: false; issues: Partial<Record<F, FieldIssue>> };

/**
 * Runs a form schema over raw values (a browser form's state or a parsed request body) and
 * returns either the normalised data or one catalogue-keyed issue per failing field.
 * Unknown keys, `__proto__` included, are dropped and never reach `data`.
 */
export function validateForm<T, F extends string>(
  schema: z.ZodType<T>,
  fields: readonly F[],
  values: Readonly<Record<string, unknown>>,
): FormResult<T, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issues: Partial<Record<F, FieldIssue>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(fields as readonly string[]).includes(field)) continue;
    const name = field as F;
    issues[name] ??= fieldIssueOf(issue);
  }
  return { ok: false, issues };
}

/**
 * One field's first issue under its form's schema, or undefined when it passes: what
 * `validateForm` reports for that field, without running the others. The forms' fields have
 * no rule that reads another field, so a field can be checked alone (a blur, a keystroke).
 */
export function validateFormField<F extends string>(
  schema: z.ZodObject<Record<F, z.ZodType>>,
  name: F,
  value: unknown,
): FieldIssue | undefined {
  const result = schema.shape[name].safeParse(value);
  const [issue] = result.success ? [] : result.error.issues;
  return issue ? fieldIssueOf(issue) : undefined;
}

function fieldIssueOf(issue: z.core.$ZodIssue): FieldIssue {
  const key = isFormMessageKey(issue.message) ? issue.message : FORM_MESSAGES.required;
  const max = issue.code === "custom" ? issue.params?.max : undefined;
  return typeof max === "number" ? { key, values: { max } } : { key };
}

function isFormMessageKey(value: string): value is FormMessageKey {
  return (Object.values(FORM_MESSAGES) as string[]).includes(value);
}
