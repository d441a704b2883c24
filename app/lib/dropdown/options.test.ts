import { describe, expect, test } from "vitest";
import {
  canCreateOption,
  escapeRegExp,
  filterOptions,
  isSameLayout,
  listLayout,
  scrollTopShowingRow,
} from "./options.ts";

const bands = ["0", "1-10", "10-50", "50-100", "100+"].map((value) => ({ value, label: value }));
const practices = [
  { value: "accountant", label: "Accountant" },
  { value: "bookkeeper", label: "Bookkeeper" },
  { value: "consultant", label: "Consultant" },
  { value: "other", label: "Other" },
];

describe("escapeRegExp", () => {
  test.each([
    ["100+", "100\\+"],
    ["a.b", "a\\.b"],
    ["(x)", "\\(x\\)"],
    ["[a-z]*", "\\[a-z\\]\\*"],
    ["^$|?{}", "\\^\\$\\|\\?\\{\\}"],
    ["back\\slash", "back\\\\slash"],
    ["plain", "plain"],
  ])("%s → %s", (input, expected) => {
    expect(escapeRegExp(input)).toBe(expected);
    expect(new RegExp(escapeRegExp(input)).test(input)).toBe(true);
  });
});

describe("filterOptions", () => {
  test.each([
    ["", ["Accountant", "Bookkeeper", "Consultant", "Other"]],
    ["  ", ["Accountant", "Bookkeeper", "Consultant", "Other"]],
    ["ant", ["Accountant", "Consultant"]],
    ["BOOK", ["Bookkeeper"]],
    [" other ", ["Other"]],
    ["zzz", []],
    [".*", []],
    ["(", []],
  ])("typing %j shows %j", (typed, expected) => {
    expect(filterOptions(practices, typed).map((option) => option.label)).toEqual(expected);
  });

  test("special characters match literally", () => {
    expect(filterOptions(bands, "100+").map((option) => option.value)).toEqual(["100+"]);
    expect(filterOptions(bands, "0-").map((option) => option.value)).toEqual(["10-50", "50-100"]);
  });

  test("the value matches too, so typed hyphens and plus signs find localized labels", () => {
    const localized = [
      { value: "1-10", label: "1–10" },
      { value: "100+", label: "More than 100" },
    ];
    expect(filterOptions(localized, "1-10").map((option) => option.label)).toEqual(["1–10"]);
    expect(filterOptions(localized, "100+").map((option) => option.label)).toEqual([
      "More than 100",
    ]);
  });

  test("selected options are left out (multi-select)", () => {
    expect(filterOptions(practices, "", ["other", "bookkeeper"]).map((o) => o.value)).toEqual([
      "accountant",
      "consultant",
    ]);
  });

  test("labels in any script match case-insensitively", () => {
    const options = [{ value: "e", label: "Expert-comptable" }];
    expect(filterOptions(options, "EXPERT-C")).toHaveLength(1);
    expect(filterOptions([{ value: "s", label: "Steuerbüro" }], "BÜRO")).toHaveLength(1);
  });
});

describe("canCreateOption", () => {
  test.each([
    ["", false],
    ["   ", false],
    ["accountant", false],
    [" Other ", false],
    ["Auditor", true],
    ["Account", true],
  ])("typing %j → %s", (typed, expected) => {
    expect(canCreateOption(practices, typed)).toBe(expected);
  });
});

describe("listLayout", () => {
  test.each([
    ["5 options, exactly 175 px below", 5, 175, 0, { placement: "below", maxHeightPx: null }],
    ["5 options, 174 px below, 175 above", 5, 174, 175, { placement: "above", maxHeightPx: null }],
    ["5 options, 174 below, 100 above", 5, 174, 100, { placement: "below", maxHeightPx: 174 }],
    ["5 options, 90 below, 120.6 above", 5, 90, 120.6, { placement: "above", maxHeightPx: 120 }],
    ["0 rows still needs one row", 0, 35, 0, { placement: "below", maxHeightPx: null }],
    ["no room at all keeps one row", 4, 0, 0, { placement: "below", maxHeightPx: 35 }],
  ] as const)("%s", (_name, count, below, above, expected) => {
    expect(listLayout(count, below, above)).toEqual(expected);
  });
});

describe("isSameLayout", () => {
  test("compares placement and height, not identity", () => {
    expect(isSameLayout(listLayout(3, 500, 0), listLayout(5, 500, 0))).toBe(true);
    expect(isSameLayout(listLayout(3, 500, 0), listLayout(3, 0, 500))).toBe(false);
    expect(isSameLayout(listLayout(30, 200, 100), listLayout(30, 300, 100))).toBe(false);
  });
});

describe("scrollTopShowingRow", () => {
  test.each([
    ["a row in view stays where it is", 70, 35, 35, 105, 35],
    ["a row above the view scrolls up to its top", 0, 35, 70, 105, 0],
    ["a row below the view scrolls until its bottom shows", 175, 35, 0, 105, 105],
    ["a row cut at the bottom scrolls by what is hidden", 90, 35, 0, 105, 20],
  ] as const)("%s", (_name, rowTop, rowHeight, listScrollTop, listHeight, expected) => {
    expect(scrollTopShowingRow({ rowTop, rowHeight, listScrollTop, listHeight })).toBe(expected);
  });
});
