import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { type FormatXMLElementFn, IntlMessageFormat, type PrimitiveType } from "intl-messageformat";

export type CompiledMessage = string | MessageFormatElement[];
export type CompiledMessages = Record<string, CompiledMessage>;
export type FormatValues = Record<string, unknown>;

/** What a message formats to: text, or text mixed with rendered tags. */
export type Formatted<T> = string | T | Array<string | T>;

/**
 * A formatter over one locale's compiled messages. Formatters are cached per message id;
 * a missing id is reported once and rendered as the id, so a gap is visible, never a crash.
 */
export function createTranslator(locale: string, messages: CompiledMessages) {
  const cache = new Map<string, IntlMessageFormat>();
  const reported = new Set<string>();
  return function translate<T = never>(id: string, values?: FormatValues): Formatted<T> {
    const message = messages[id];
    if (message === undefined) {
      if (!reported.has(id)) {
        reported.add(id);
        console.error(`Missing message "${id}" for locale ${locale}`);
      }
      return id;
    }
    if (typeof message === "string") return message;
    let formatter = cache.get(id);
    if (!formatter) {
      formatter = new IntlMessageFormat(message, locale);
      cache.set(id, formatter);
    }
    return formatter.format<T>(
      values as Record<string, T | PrimitiveType | FormatXMLElementFn<T>> | undefined,
    ) as Formatted<T>;
  };
}

/**
 * The text of a message without placeholders (titles and descriptions in `meta`, which
 * render outside the React tree): literal parts joined, anything else left out.
 */
export function messageText(message: CompiledMessage | undefined): string {
  if (message === undefined) return "";
  if (typeof message === "string") return message;
  return message
    .map((element) => ("value" in element && element.type === 0 ? element.value : ""))
    .join("");
}
