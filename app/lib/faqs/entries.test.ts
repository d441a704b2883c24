import { parse } from "@formatjs/icu-messageformat-parser";
import { expect, test } from "vitest";
import { faqEntries } from "./entries.ts";

test("reads question, plain answer and keywords of each id, in the given order", () => {
  const messages = {
    "faqs.items.b.question": "Second?",
    "faqs.items.a.question": "First?",
    "faqs.items.a.answer": parse("<p>Yes.</p><ul><li>One</li></ul>"),
    "faqs.items.a.keywords": "alpha, first",
  };
  expect(faqEntries(["a", "b"], "faqs.items", messages)).toEqual([
    { id: "a", question: "First?", answer: "Yes. One", keywords: "alpha, first" },
    { id: "b", question: "Second?", answer: "", keywords: "" },
  ]);
});
