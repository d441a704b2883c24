import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import {
  type Formatters,
  type FormatXMLElementFn,
  formatToParts,
  IntlMessageFormat,
  type MessageFormatPart,
  PART_TYPE,
  type PrimitiveType,
} from "intl-messageformat";
import { wholeNumberFormat, wholeNumberPluralRules } from "./whole-numbers.ts";

export type CompiledMessage = string | MessageFormatElement[];
export type CompiledMessages = Record<string, CompiledMessage>;
export type FormatValues = Record<string, unknown>;

/** What a message formats to: text, or text mixed with rendered tags. */
export type Formatted<T> = string | T | Array<string | T>;

type FormatterArgs<C extends abstract new (...args: never[]) => unknown> = ConstructorParameters<C>;

/**
 * Intl formatters shared by every message of a translator, each built once per distinct
 * options. `new IntlMessageFormat` per message would resolve the locale
 * (`supportedLocalesOf`) and build its own formatters every time: about a tenth of a
 * millisecond per message, tens of milliseconds of main thread while a page hydrates.
 */
function sharedFormatters(): Formatters {
  const memo = <T>(build: (...args: never[]) => T) => {
    const cache = new Map<string, T>();
    return (...args: unknown[]): T => {
      const key = JSON.stringify(args);
      let formatter = cache.get(key);
      if (formatter === undefined) {
        formatter = build(...(args as never[]));
        cache.set(key, formatter);
      }
      return formatter;
    };
  };
  return {
    // Counts are written without ICU (whole-numbers.ts); intl-messageformat calls only
    // `format` and `select` on these, which its unit test checks with Intl switched off.
    getNumberFormat: memo(
      (...args: FormatterArgs<typeof Intl.NumberFormat>) =>
        wholeNumberFormat(...args) as Intl.NumberFormat,
    ),
    getDateTimeFormat: memo(
      (...args: FormatterArgs<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
    ),
    getPluralRules: memo(
      (...args: FormatterArgs<typeof Intl.PluralRules>) =>
        wholeNumberPluralRules(...args) as Intl.PluralRules,
    ),
  };
}

/** Adjacent literal parts joined, as `IntlMessageFormat#format` returns them. */
function joinParts<T>(parts: MessageFormatPart<T>[]): Formatted<T> {
  if (parts.length === 1) return (parts[0] as MessageFormatPart<T>).value as Formatted<T>;
  const joined: Array<string | T> = [];
  for (const part of parts) {
    const last = joined.length - 1;
    if (part.type === PART_TYPE.literal && typeof joined[last] === "string") {
      joined[last] += part.value;
    } else {
      joined.push(part.value as string | T);
    }
  }
  if (joined.length <= 1) return (joined[0] ?? "") as Formatted<T>;
  return joined;
}

/**
 * A formatter over one locale's compiled messages, sharing one set of Intl formatters.
 * A missing id is reported once and rendered as the id, so a gap is visible, never a crash.
 */
export function createTranslator(locale: string, messages: CompiledMessages) {
  const formatters = sharedFormatters();
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
    return joinParts(
      formatToParts<T>(
        message,
        locale,
        formatters,
        IntlMessageFormat.formats,
        values as Record<string, T | PrimitiveType | FormatXMLElementFn<T>> | undefined,
        undefined,
        id,
      ),
    );
  };
}

/**
 * The text of a message without placeholders (titles and descriptions in `meta`, which
 * render outside the React tree): literal parts joined, anything else left out.
 */
export function messageText(message: CompiledMessage | undefined): string {
  if (message === undefined) return "";
  if (typeof message === "string") return withoutSoftHyphens(message);
  return withoutSoftHyphens(
    message
      .map((element) => ("value" in element && element.type === 0 ? element.value : ""))
      .join(""),
  );
}

/**
 * A catalogue's soft hyphens mark where a long word may break on a narrow screen
 * (docs/layout.md); titles, descriptions and structured data are not laid out, so they
 * leave them out.
 */
export function withoutSoftHyphens(text: string): string {
  return text.replace(/\u00ad/g, "");
}
