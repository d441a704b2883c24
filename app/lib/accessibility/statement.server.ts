import { DEPLOYMENT } from "../site-deployment.ts";
import { type StatementFacts, type StatementSettings, statementFacts } from "./statement.ts";

/**
 * The statement's contact, reply time and review date, baked in by the build
 * (`ACCESSIBILITY_CONTACT`, `ACCESSIBILITY_RESPONSE_DAYS`, the source date). Kept out of the
 * browser's code: only the statement's loader, which runs when the page is prerendered,
 * reads them.
 */
declare const __ACCESSIBILITY_STATEMENT__: StatementSettings;

/** The statement's facts in the page's locale, for its loader. */
export function bakedStatementFacts(localeTag: string): StatementFacts {
  return statementFacts(__ACCESSIBILITY_STATEMENT__, DEPLOYMENT, localeTag);
}
