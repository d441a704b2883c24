import type { ReferralFormKind } from "./constants.ts";

/**
 * SPEC §7: the form-encoded body with exactly the given fields, in order, each once.
 * Missing values are sent empty (the optional `notes`), extra keys are never sent.
 */
export function encodeFormBody(
  fields: readonly string[],
  values: Readonly<Record<string, unknown>>,
): string {
  const body = new URLSearchParams();
  for (const field of fields) {
    const value = values[field];
    body.append(field, typeof value === "string" ? value : "");
  }
  return body.toString();
}

/**
 * The form a script-less post came back from with invalid input: the API redirects to
 * `/referrals?error=friend` or `?error=partner` (`app/lib/forms/result-pages.ts`).
 */
export function formKindWithError(search: string): ReferralFormKind | null {
  const value = new URLSearchParams(search).get("error");
  if (value === "friend") return "referral";
  if (value === "partner") return "partner";
  return null;
}
