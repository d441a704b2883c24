import { describe, expect, test } from "vitest";
import { foldForSearch, matchesFaq } from "./search.ts";

describe("foldForSearch", () => {
  test.each([
    ["Währung", "wahrung"],
    ["DEVISES ÉTRANGÈRES", "devises etrangeres"],
    ["Organización sin ánimo de lucro", "organizacion sin animo de lucro"],
    ["Gehälter  und\tLöhne", "gehalter und lohne"],
    ["Straße", "strasse"],
    ["Aufschlüsselungs\u00adberichte", "aufschlusselungsberichte"],
    ["  ", ""],
  ])("%j folds to %j", (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  test("lower-cases with the page's locale rules", () => {
    expect(foldForSearch("İSTANBUL", "tr")).toBe("istanbul");
  });
});

describe("matchesFaq", () => {
  const currencies = {
    question: "Does Beyond handle multiple currencies?",
    answer: "Exchange rates work as drivers.",
    keywords: "currency, FX, devise",
  };
  const nonprofit = {
    question: "¿Ofrecéis descuentos a organizaciones sin ánimo de lucro?",
    answer: "Sí, a fundaciones y ONG.",
    keywords: "benéfica, caridad",
  };

  const entries = { currencies, nonprofit };
  test.each([
    // Blank queries match everything.
    ["currencies", "", true],
    ["currencies", "   ", true],
    // Question, answer and keywords are all searched.
    ["currencies", "currencies", true],
    ["currencies", "drivers", true],
    ["currencies", "FX", true],
    // Case-insensitive both ways.
    ["currencies", "CURRENCY", true],
    ["currencies", "fx", true],
    // Accent-insensitive both ways.
    ["currencies", "dévise", true],
    ["nonprofit", "animo", true],
    ["nonprofit", "BENEFICA", true],
    ["nonprofit", "caridád", true],
    // Every word must match, in any order.
    ["currencies", "rates exchange", true],
    ["currencies", "currency salaries", false],
    ["nonprofit", "licence", false],
    // Partial words match, so results narrow while typing.
    ["currencies", "curr", true],
  ] as const)("%s entry, query %j → %s", (name, query, expected) => {
    expect(matchesFaq(entries[name], query)).toBe(expected);
  });
});
