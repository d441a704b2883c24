import { parse } from "@formatjs/icu-messageformat-parser";
import type { CompiledMessages } from "./translator.ts";

/** Placeholders, tags and escaped quotes need the ICU parser; other text does not. */
const ICU_SYNTAX = /[{}<]|''/;

/**
 * Parses ICU messages at build time, so the browser bundle carries the formatter but not
 * the parser, and plain strings stay as compact as they were written.
 */
export function compileMessages(messages: Record<string, string>): CompiledMessages {
  const compiled: CompiledMessages = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = ICU_SYNTAX.test(message) ? parse(message) : message;
    } catch (error) {
      throw new Error(`Message ${id} is not valid ICU MessageFormat: ${String(error)}`);
    }
  }
  return compiled;
}
