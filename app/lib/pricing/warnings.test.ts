import { describe, expect, test } from "vitest";
import { calculatorForEmployees, withRoleCount } from "./calculator.ts";
import { calculatorWarnings } from "./warnings.ts";

describe("warnings for the recommended breakdown (SPEC §5)", () => {
  test.each([
    [
      1,
      [
        { kind: "fewEmployees", minimum: 10 },
        { kind: "fewPowerUsers", minimum: 2 },
      ],
    ],
    [
      9,
      [
        { kind: "fewEmployees", minimum: 10 },
        { kind: "fewPowerUsers", minimum: 2 },
      ],
    ],
    [10, [{ kind: "fewPowerUsers", minimum: 2 }]],
    [12, [{ kind: "fewPowerUsers", minimum: 2 }]],
    [13, []],
    [25, []],
    [100, []],
    [1000, []],
  ])("%i employees", (employees, expected) => {
    expect(calculatorWarnings(calculatorForEmployees(employees))).toEqual(expected);
  });
});

describe("warnings after editing roles (SPEC §5)", () => {
  test.each([
    // employees, role, value, warnings
    [100, "power-user", 1, [{ kind: "fewPowerUsersForSize", recommended: 5 }]],
    [38, "power-user", 1, [{ kind: "fewPowerUsersForSize", recommended: 3 }]],
    [37, "power-user", 1, [{ kind: "fewPowerUsersForSizeMinimum", minimum: 2 }]],
    [13, "power-user", 1, [{ kind: "fewPowerUsersForSizeMinimum", minimum: 2 }]],
    [12, "power-user", 1, [{ kind: "fewPowerUsers", minimum: 2 }]],
    [12, "power-user", 2, []],
    [100, "power-user", 4, [{ kind: "belowRecommended", role: "power-user", recommended: 5 }]],
    [100, "power-user", 5, []],
    [100, "manager", 19, [{ kind: "belowRecommended", role: "manager", recommended: 20 }]],
    [100, "manager", 20, []],
    [100, "manager", 30, []],
    [100, "view-only", 0, []],
    [100, "view-only", 10, []],
  ] as const)("%i employees, %s set to %i", (employees, role, value, expected) => {
    const state = withRoleCount(calculatorForEmployees(employees), role, value);
    expect(calculatorWarnings(state)).toEqual(expected);
  });

  test("fewer standard users than recommended is not a warning", () => {
    const state = withRoleCount(calculatorForEmployees(100), "manager", 50);
    expect(state.breakdown.user).toBe(45);
    expect(calculatorWarnings(state)).toEqual([]);
  });

  test("0 users: employees become the sum and the recommendation follows the new size", () => {
    const state = withRoleCount(calculatorForEmployees(10), "manager", 20);
    expect(state).toMatchObject({ employees: 21, breakdown: { user: 0 } });
    // 21 employees recommend 2 power users; 1 is below the minimum of 2.
    expect(calculatorWarnings(state)).toEqual([
      { kind: "fewPowerUsersForSizeMinimum", minimum: 2 },
    ]);
  });

  test("editing users down to a small company brings back the size warnings", () => {
    const state = withRoleCount(calculatorForEmployees(10), "user", 1);
    expect(state.employees).toBe(4);
    expect(calculatorWarnings(state)).toEqual([
      { kind: "fewEmployees", minimum: 10 },
      { kind: "fewPowerUsers", minimum: 2 },
    ]);
  });
});
