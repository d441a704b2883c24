import { expect, test } from "vitest";
import { wrapLabel } from "./wrap-label.ts";

test.each([
  ["", 10, []],
  ["   ", 10, []],
  ["Actuals", 10, ["Actuals"]],
  // Boundary: a line of exactly maxChars fits, one more character wraps.
  ["Sync every", 10, ["Sync every"]],
  ["Sync every night", 10, ["Sync every", "night"]],
  ["Sync  every\tnight", 10, ["Sync every", "night"]],
  ["Budgetverantwortliche sehen", 10, ["Budgetverantwortliche", "sehen"]],
])("wraps %j at %i characters", (text, maxChars, expected) => {
  expect(wrapLabel(text, maxChars)).toEqual(expected);
});

test("joins overflow onto the last allowed line instead of dropping words", () => {
  expect(wrapLabel("one two three four", 5, 2)).toEqual(["one", "two three four"]);
  expect(wrapLabel("one two three four", 5, 4)).toEqual(["one", "two", "three", "four"]);
});
