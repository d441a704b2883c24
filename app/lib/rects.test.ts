import { expect, test } from "vitest";
import { gridPoints, rectsOverlap } from "./rects.ts";

const bubble = { top: 100, right: 200, bottom: 156, left: 144 };

test.each([
  ["inside", { top: 110, right: 190, bottom: 150, left: 150 }, 0, true],
  ["partly over the left edge", { top: 110, right: 150, bottom: 130, left: 100 }, 0, true],
  ["touching the left edge", { top: 110, right: 144, bottom: 130, left: 100 }, 0, false],
  ["touching, with 8 px clearance", { top: 110, right: 144, bottom: 130, left: 100 }, 8, true],
  ["above", { top: 40, right: 200, bottom: 99, left: 144 }, 0, false],
  ["below", { top: 157, right: 200, bottom: 200, left: 144 }, 0, false],
  ["empty", { top: 110, right: 150, bottom: 110, left: 150 }, 8, false],
])("%s: %s", (_label, rect, margin, expected) => {
  expect(rectsOverlap(bubble, rect, margin)).toBe(expected);
  expect(rectsOverlap(rect, bubble, 0)).toBe(margin === 0 ? expected : rectsOverlap(rect, bubble));
});

test("grid points cover the grown rectangle, corners included, at most a step apart", () => {
  const points = gridPoints(bubble, 8, 12);
  const xs = [...new Set(points.map(([x]) => x))];
  const ys = [...new Set(points.map(([, y]) => y))];
  expect(Math.min(...xs)).toBe(136);
  expect(Math.max(...xs)).toBe(208);
  expect(Math.min(...ys)).toBe(92);
  expect(Math.max(...ys)).toBe(164);
  expect(points).toHaveLength(xs.length * ys.length);
  for (const [a, b] of [xs, ys].map((values) => [values, values.slice(1)] as const)) {
    for (const [index, next] of b.entries()) expect(next - (a[index] ?? 0)).toBeLessThanOrEqual(12);
  }
});

test("an empty rectangle has no grid points", () => {
  expect(gridPoints({ top: 10, right: 10, bottom: 10, left: 20 }, 0, 4)).toEqual([]);
});
