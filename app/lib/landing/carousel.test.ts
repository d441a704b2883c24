import { describe, expect, test } from "vitest";
import { nextIndex, nextItem, previousIndex, previousItem, wrapIndex } from "./carousel.ts";

describe("wrapIndex", () => {
  test.each([
    [0, 4, 0],
    [3, 4, 3],
    [4, 4, 0],
    [5, 4, 1],
    [-1, 4, 3],
    [-4, 4, 0],
    [-5, 4, 3],
    [9, 4, 1],
    [2.7, 4, 2],
    [0, 1, 0],
    [7, 1, 0],
    [3, 0, 0],
    [Number.NaN, 4, 0],
  ])("wrapIndex(%d, %d) is %d", (index, length, expected) => {
    expect(wrapIndex(index, length)).toBe(expected);
  });
});

describe("next and previous wrap around both ends", () => {
  test.each([
    [0, 4, 1, 3],
    [1, 4, 2, 0],
    [3, 4, 0, 2],
    [0, 3, 1, 2],
    [2, 3, 0, 1],
    [0, 1, 0, 0],
  ])("from %d of %d: next %d, previous %d", (index, length, next, previous) => {
    expect(nextIndex(index, length)).toBe(next);
    expect(previousIndex(index, length)).toBe(previous);
  });
});

describe("nextItem and previousItem", () => {
  const points = ["save-time", "engage-staff", "plan"] as const;

  test.each([
    ["save-time", "engage-staff", "plan"],
    ["engage-staff", "plan", "save-time"],
    ["plan", "save-time", "engage-staff"],
  ] as const)("around %s: next %s, previous %s", (current, next, previous) => {
    expect(nextItem(points, current)).toBe(next);
    expect(previousItem(points, current)).toBe(previous);
  });

  test("an unknown current item starts from the ends", () => {
    expect(nextItem<string>(points, "missing")).toBe("save-time");
    expect(previousItem<string>(points, "missing")).toBe("plan");
    expect(nextItem([], "x")).toBeUndefined();
  });
});
