import { expect, test } from "vitest";
import { initials } from "./initials.ts";

test.each([
  ["Sophie Marten", "SM"],
  ["Lucía Fernández", "LF"],
  ["élodie durand", "ÉD"],
  ["Jonas van der Weber", "JV"],
  ["Cher", "C"],
  ["  Daniel   Okoye ", "DO"],
  ["", ""],
])("%j → %j", (name, expected) => {
  expect(initials(name)).toBe(expected);
});
