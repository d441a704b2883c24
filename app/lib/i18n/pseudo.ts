import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { CompiledMessages } from "./translator.ts";

/**
 * The pseudo-locale `en-XA` of the layout suite's test build (`npm run build:pseudo`), as
 * Chromium and Android make theirs: every English message with accented letters, in
 * brackets and padded to 140 % of its length, so that a layout which only fits English is
 * caught before a longer translation arrives. Only the letters the German, Spanish and
 * French catalogues already use, so the site's font subset draws them all.
 */
/** How much longer than English a pseudo message is (German and French run up to +35 %). */
export const PSEUDO_EXPANSION = 1.4;

const ACCENTS: Record<string, string> = {
  a: "á",
  c: "ç",
  e: "é",
  i: "î",
  n: "ñ",
  o: "ö",
  u: "ü",
  A: "À",
  E: "É",
  I: "Í",
  U: "Ü",
};

/** Filler words that pad a message; accented like the rest, spaced like real words. */
const FILLER = "löréñ îpsüm dölör sît ámét çöñséçtétür ádîpîsçîñg élît séd dö éîüsmöd";

export function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTS[letter] ?? letter);
}

/** The filler that brings a text of `length` characters to 140 % (brackets included). */
function padding(length: number): string {
  const extra = Math.ceil(length * (PSEUDO_EXPANSION - 1)) - 2;
  if (extra <= 1) return "";
  let filler = "";
  while (filler.length < extra) filler += `${filler ? " " : ""}${FILLER}`;
  return ` ${filler.slice(0, extra - 1).trimEnd()}`;
}

function literalLength(elements: MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (element.type === 0) length += element.value.length;
    else if (element.type === 8) length += literalLength(element.children);
    else if (element.type === 5 || element.type === 6) {
      // Plurals and selects: the longest option is what the layout must hold.
      length += Math.max(
        0,
        ...Object.values(element.options).map((option) => literalLength(option.value)),
      );
    } else length += 4; // an argument such as {amount} shows roughly a short word
  }
  return length;
}

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === 0) return { ...element, value: accent(element.value) };
    if (element.type === 8) return { ...element, children: accentElements(element.children) };
    if (element.type === 5 || element.type === 6) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: accentElements(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

/** One compiled message in the pseudo-locale: accented, bracketed and padded. */
export function pseudoMessage(
  message: string | MessageFormatElement[],
): string | MessageFormatElement[] {
  if (typeof message === "string") {
    return message.trim() === "" ? message : `[${accent(message)}${padding(message.length)}]`;
  }
  const length = literalLength(message);
  if (length === 0) return message;
  const literal = (value: string) => ({ type: 0, value }) as MessageFormatElement;
  return [literal("["), ...accentElements(message), literal(`${padding(length)}]`)];
}

export function pseudoMessages(messages: CompiledMessages): CompiledMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, pseudoMessage(message)]),
  );
}
