import { expect, test } from "vitest";
import { excerpt } from "./excerpt.ts";

test.each([
  ["short text stays whole", "Yes, it does.", 20, "Yes, it does."],
  ["exactly the limit stays whole", "12345 7890", 10, "12345 7890"],
  ["one over the limit is cut at a word", "12345 78901", 10, "12345…"],
  ["trailing punctuation is dropped before the ellipsis", "One, two, three four", 10, "One, two…"],
  ["a single long word is cut inside it", "Budgetverantwortliche", 10, "Budgetver…"],
  ["whitespace is collapsed", "  a   b  ", 10, "a b"],
])("%s", (_, text, max, expected) => {
  const result = excerpt(text, max);
  expect(result).toBe(expected);
  expect(result.length).toBeLessThanOrEqual(max);
});
