import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import type { FieldIssue } from "../../app/lib/forms/rules.ts";
import { flattenMessages, type NestedMessages } from "../../app/lib/i18n/flatten.ts";
import { LOCALE_TAGS, LOCALES, type Locale } from "../../app/lib/locale.ts";

/** One field's error as the API reports it: the catalogue key and its text in the locale. */
export interface FieldError {
  key: string;
  message: string;
}

/**
 * Formats the forms' field errors (`common.forms.*`) in the visitor's locale, so a client
 * without the catalogues, a partner's integration or `curl`, reads the same words the site
 * shows. Reads the catalogues once, at startup.
 */
export function createFieldErrorFormatter(
  localesDir = path.resolve(import.meta.dirname, "../../app/locales"),
) {
  const catalogues = new Map<Locale, Readonly<Record<string, string>>>(
    LOCALES.map((locale) => {
      const text = readFileSync(path.join(localesDir, locale, "common.json"), "utf8");
      return [locale, flattenMessages(JSON.parse(text) as NestedMessages, "common")] as const;
    }),
  );
  return function fieldErrors(
    issues: Readonly<Record<string, FieldIssue | undefined>>,
    locale: Locale,
  ): Record<string, FieldError> {
    const messages = catalogues.get(locale) ?? {};
    const errors: Record<string, FieldError> = {};
    for (const [field, issue] of Object.entries(issues)) {
      if (!issue) continue;
      const source = messages[issue.key];
      // Every FORM_MESSAGES key is in every catalogue (a unit test checks); the key alone
      // still tells a client what went wrong should one ever be missing.
      const message =
        source === undefined
          ? issue.key
          : String(new IntlMessageFormat(source, LOCALE_TAGS[locale]).format(issue.values));
      errors[field] = { key: issue.key, message };
    }
    return errors;
  };
}
