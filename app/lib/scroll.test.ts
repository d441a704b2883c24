import { expect, test } from "vitest";
import { easeInOut, scrollPositionAt } from "./scroll.ts";

test("ease-in-out starts slow, is halfway at the middle and ends at 1", () => {
  expect(easeInOut(0)).toBe(0);
  expect(easeInOut(0.5)).toBeCloseTo(0.5);
  expect(easeInOut(1)).toBe(1);
  expect(easeInOut(0.1)).toBeLessThan(0.1);
  expect(easeInOut(0.9)).toBeGreaterThan(0.9);
  expect(easeInOut(-1)).toBe(0);
  expect(easeInOut(2)).toBe(1);
});

test("scroll position moves from start to end over the duration", () => {
  expect(scrollPositionAt(100, 1100, 0, 1000)).toBe(100);
  expect(scrollPositionAt(100, 1100, 500, 1000)).toBeCloseTo(600);
  expect(scrollPositionAt(100, 1100, 1000, 1000)).toBe(1100);
  expect(scrollPositionAt(100, 1100, 1500, 1000)).toBe(1100);
  expect(scrollPositionAt(100, 1100, 0, 0)).toBe(1100);
});
