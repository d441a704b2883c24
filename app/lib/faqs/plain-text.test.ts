import { parse } from "@formatjs/icu-messageformat-parser";
import { expect, test } from "vitest";
import { plainText } from "./plain-text.ts";

test.each([
  ["a plain string", "Plain text", "Plain text"],
  ["paragraphs", "<p>One.</p><p>Two.</p>", "One. Two."],
  ["a list", "<p>Intro:</p><ul><li>first</li><li>second</li></ul>", "Intro: first second"],
  ["inline links", "<p>See our <pricing>pricing page</pricing>.</p>", "See our pricing page."],
  ["escaped quotes", "<p>None match ''{search}''</p>", "None match ''"],
  ["soft hyphens", "<ul><li>Aufschlüsselungs\u00adberichte</li></ul>", "Aufschlüsselungsberichte"],
])("extracts the text of %s", (_, source, expected) => {
  const message = source.includes("<") || source.includes("{") ? parse(source) : source;
  expect(plainText(message)).toBe(expected);
});

test("an absent message has no text", () => {
  expect(plainText(undefined)).toBe("");
});
