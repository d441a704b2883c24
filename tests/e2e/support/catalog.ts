import { readFileSync } from "node:fs";
import { join } from "node:path";
import { flattenMessages, type NestedMessages } from "../../../app/lib/i18n/flatten.ts";
import type { Locale } from "../../../app/lib/locale.ts";

const cache = new Map<string, Record<string, string>>();

/**
 * A message as the visitor sees it, read from the catalogue (tests in other locales read
 * expected names from the catalogue instead of retyping translations). Only plain
 * messages are supported; ICU escapes `''` are unescaped.
 */
export function message(locale: Locale, id: string): string {
  const namespace = id.split(".")[0] ?? "";
  const key = `${locale}/${namespace}`;
  let messages = cache.get(key);
  if (!messages) {
    const file = join(import.meta.dirname, "../../../app/locales", locale, `${namespace}.json`);
    messages = flattenMessages(JSON.parse(readFileSync(file, "utf8")) as NestedMessages, namespace);
    cache.set(key, messages);
  }
  const text = messages[id] ?? testimonialMessage(locale, id);
  if (text === undefined) throw new Error(`No message ${id} in ${locale}`);
  return text.replace(/''/g, "'");
}

/** The test build's customer quotes (TESTIMONIALS_FILE in .env.test), keyed like messages. */
function testimonialMessage(locale: Locale, id: string): string | undefined {
  const match = id.match(/^landing\.testimonials\.items\.([^.]+)\.(name|role|company|quote)$/);
  if (!match) return undefined;
  const file = join(import.meta.dirname, "../../fixtures/testimonials.json");
  const quotes = JSON.parse(readFileSync(file, "utf8")) as Record<
    string,
    Record<string, Record<string, string>>
  >;
  return quotes[locale]?.[match[1] as string]?.[match[2] as string]?.replace(/'/g, "''");
}
