import type { Locale } from "../locale.ts";
import { FORM_ENDPOINTS, type ReferralFormKind } from "./constants.ts";

/**
 * The form's `action`: the endpoint plus the page's locale as a query value, so the server
 * can answer a script-less post with a confirmation page in the visitor's language without
 * an extra form field (SEC-1 forbids one).
 */
export function formAction(kind: ReferralFormKind, locale: Locale): string {
  return `${FORM_ENDPOINTS[kind]}?locale=${locale}`;
}

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
