import { type Locale, localizePath } from "../locale.ts";

/** The two forms, by the name the pages and the API share. */
export type FormKind = "referral" | "partner";

/**
 * Where a form posted without JavaScript lands (the API answers a browser's form navigation
 * with 303): a confirmation page on success, the referrals page with `?error=friend|partner`
 * when the input was invalid. Every other client gets the status and JSON instead.
 */
const FORM_RESULT_PAGES = {
  referral: { sent: "/referrals/sent", invalid: "/referrals?error=friend" },
  partner: { sent: "/referrals/partner-sent", invalid: "/referrals?error=partner" },
} as const satisfies Record<FormKind, { sent: string; invalid: string }>;

/** The localized path a no-JS post of `kind` is redirected to. */
export function formResultPath(
  kind: FormKind,
  outcome: "sent" | "invalid",
  locale: Locale,
): string {
  return localizePath(FORM_RESULT_PAGES[kind][outcome], locale);
}
