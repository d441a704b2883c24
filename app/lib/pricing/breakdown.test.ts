import { describe, expect, test } from "vitest";
import {
  normaliseCount,
  normaliseEmployees,
  normaliseRoleCount,
  recommendedBreakdown,
  sumOfRoles,
} from "./breakdown.ts";

describe("recommendedBreakdown (SPEC §9)", () => {
  test.each([
    // employees, power users, managers, view-only, users
    [1, 1, 0, 0, 0],
    [2, 1, 0, 0, 1],
    [3, 1, 1, 0, 1],
    [9, 1, 2, 0, 6],
    [10, 1, 2, 0, 7],
    [12, 1, 2, 0, 9],
    [13, 2, 3, 0, 8],
    [25, 2, 5, 0, 18],
    [37, 2, 7, 0, 28],
    [38, 3, 8, 0, 27],
    [40, 3, 8, 0, 29],
    [100, 5, 20, 0, 75],
    [1000, 41, 200, 0, 759],
  ])(
    "%i employees → %i power users, %i managers, %i view-only, %i users",
    (employees, power, managers, viewOnly, users) => {
      const breakdown = recommendedBreakdown(employees);
      expect(breakdown).toEqual({
        "power-user": power,
        manager: managers,
        "view-only": viewOnly,
        user: users,
      });
    },
  );

  test.each([1, 2, 9, 10, 13, 25, 100, 999, 1000, 12345])(
    "the roles of %i employees add up to at least the employee count, users never negative",
    (employees) => {
      const breakdown = recommendedBreakdown(employees);
      expect(breakdown.user).toBeGreaterThanOrEqual(0);
      expect(sumOfRoles(breakdown)).toBeGreaterThanOrEqual(employees);
    },
  );
});

describe("input normalisation (SPEC §5)", () => {
  test.each([
    [5, 1, 5],
    [5.9, 1, 5],
    [-5, 1, 5],
    [-5.5, 1, 5],
    [0, 1, 1],
    [0.4, 1, 1],
    [0, 0, 0],
    [-0, 0, 0],
    [0.9, 0, 0],
    [Number.NaN, 1, 1],
    [Number.POSITIVE_INFINITY, 0, 0],
  ])("%d with minimum %i becomes %i", (value, minimum, expected) => {
    expect(normaliseCount(value, minimum)).toBe(expected);
  });

  test.each([
    [0, 1],
    [1, 1],
    [-40, 40],
    [9.99, 9],
    [100, 100],
  ])("employees %d become %i", (value, expected) => {
    expect(normaliseEmployees(value)).toBe(expected);
  });

  test.each([
    ["power-user", 0, 1],
    ["manager", 0, 1],
    ["user", 0, 1],
    ["view-only", 0, 0],
    ["view-only", -3.7, 3],
    ["manager", 2.5, 2],
  ] as const)("%s count %d becomes %i", (role, value, expected) => {
    expect(normaliseRoleCount(role, value)).toBe(expected);
  });
});
