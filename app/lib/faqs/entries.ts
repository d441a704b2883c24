import { type CompiledMessages, messageText } from "../i18n/translator.ts";
import { plainText } from "./plain-text.ts";
import type { SearchableFaq } from "./search.ts";

export interface FaqEntry<Id extends string = string> extends SearchableFaq {
  id: Id;
}

/**
 * The searchable text of each FAQ under `prefix` (`faqs.items`): question, answer as plain
 * text and keywords, read from the page's compiled messages. Missing parts are empty.
 */
export function faqEntries<Id extends string>(
  ids: readonly Id[],
  prefix: string,
  messages: CompiledMessages,
): FaqEntry<Id>[] {
  return ids.map((id) => ({
    id,
    question: messageText(messages[`${prefix}.${id}.question`]),
    answer: plainText(messages[`${prefix}.${id}.answer`]),
    keywords: messageText(messages[`${prefix}.${id}.keywords`]),
  }));
}
