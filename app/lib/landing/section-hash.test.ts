import { describe, expect, test } from "vitest";
import { addressForSection, isUnpopSet, sectionAtReadingLine } from "./section-hash.ts";

describe("sectionAtReadingLine", () => {
  const sections = [
    { id: "why-use", top: 100, bottom: 600 },
    { id: "features", top: 600, bottom: 1400 },
    { id: "testimonials", top: 1500, bottom: 1900 },
  ];

  test.each([
    [50, null],
    [99, null],
    [100, "why-use"],
    [599, "why-use"],
    [600, "features"],
    [1399, "features"],
    [1400, null],
    [1450, null],
    [1500, "testimonials"],
    [1900, null],
  ])("reading line at %d px is in %s", (line, expected) => {
    expect(sectionAtReadingLine(sections, line)).toBe(expected);
  });

  test("no sections, no current section", () => {
    expect(sectionAtReadingLine([], 200)).toBeNull();
  });
});

describe("addressForSection", () => {
  const at = (hash: string) => ({ pathname: "/de", search: "?ref=x", hash });

  test.each([
    ["", "features", "/de?ref=x#features"],
    ["#why-use", "features", "/de?ref=x#features"],
    ["#features", "features", null],
    ["#features", null, "/de?ref=x"],
    ["", null, null],
    ["#", null, null],
  ])("from hash %j to section %s writes %s", (hash, section, expected) => {
    expect(addressForSection(at(hash), section)).toBe(expected);
  });
});

describe("isUnpopSet", () => {
  test.each([
    ["", false],
    ["?ref=abc", false],
    ["?unpop", true],
    ["?unpop=", true],
    ["?unpop=1", true],
    ["?unpop=true", true],
    ["?ref=a&unpop", true],
    ["?unpop=0", false],
    ["?unpop=false", false],
    ["?unpop=FALSE", false],
  ])("%j → %s", (search, expected) => {
    expect(isUnpopSet(search)).toBe(expected);
  });
});
