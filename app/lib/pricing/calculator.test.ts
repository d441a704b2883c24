import { describe, expect, test } from "vitest";
import {
  applyCalculatorEdit,
  type CalculatorState,
  calculatorForEmployees,
  INITIAL_CALCULATOR_STATE,
  parseCountInput,
  withRoleCount,
} from "./calculator.ts";

function state(
  employees: number,
  power: number,
  managers: number,
  viewOnly: number,
  users: number,
) {
  return {
    employees,
    breakdown: { "power-user": power, manager: managers, "view-only": viewOnly, user: users },
  };
}

test("the calculator starts at 100 employees with the recommended breakdown (SPEC §4)", () => {
  expect(INITIAL_CALCULATOR_STATE).toEqual({ ...state(100, 5, 20, 0, 75), mode: "default" });
});

describe("typing an employee count recomputes the recommendation", () => {
  test.each([
    [40, state(40, 3, 8, 0, 29)],
    [9, state(9, 1, 2, 0, 6)],
    [0, state(1, 1, 0, 0, 0)],
    [-12.8, state(12, 1, 2, 0, 9)],
    [1000, state(1000, 41, 200, 0, 759)],
  ])("%d employees", (employees, expected) => {
    expect(calculatorForEmployees(employees)).toEqual({ ...expected, mode: "default" });
  });
});

describe("editing a role count (SPEC §4)", () => {
  const start: CalculatorState = INITIAL_CALCULATOR_STATE;

  test.each([
    ["lowering managers raises users", "manager", 10, state(100, 5, 10, 0, 85)],
    ["raising power users lowers users", "power-user", 10, state(100, 10, 20, 0, 70)],
    ["adding view-only accounts lowers users", "view-only", 5, state(100, 5, 20, 5, 70)],
    ["view-only may be 0", "view-only", 0, state(100, 5, 20, 0, 75)],
    ["a manager count of 0 becomes 1", "manager", 0, state(100, 5, 1, 0, 94)],
    ["a fractional count is floored", "manager", 12.9, state(100, 5, 12, 0, 83)],
    ["a negative count is made absolute", "power-user", -3, state(100, 3, 20, 0, 77)],
    ["users reaching exactly 0 keep the total", "manager", 95, state(100, 5, 95, 0, 0)],
    [
      "users would go below 0: they stop at 0, employees become the sum",
      "manager",
      120,
      state(125, 5, 120, 0, 0),
    ],
    ["editing users resets employees to the sum", "user", 50, state(75, 5, 20, 0, 50)],
    ["users typed as 0 become 1, employees the sum", "user", 0, state(26, 5, 20, 0, 1)],
    ["more users than before raise employees", "user", 175, state(200, 5, 20, 0, 175)],
  ] as const)("%s", (_title, role, value, expected) => {
    expect(withRoleCount(start, role, value)).toEqual({ ...expected, mode: "changed" });
  });

  test("later paid-role edits keep the employee count set by a user edit", () => {
    const afterUsers = withRoleCount(start, "user", 50);
    expect(withRoleCount(afterUsers, "manager", 10)).toEqual({
      ...state(75, 5, 10, 0, 60),
      mode: "changed",
    });
  });

  test("typing an employee count afterwards returns to the recommendation", () => {
    const changed = withRoleCount(start, "manager", 3);
    expect(calculatorForEmployees(changed.employees).mode).toBe("default");
  });
});

describe("applyCalculatorEdit", () => {
  test("an employee edit recomputes, a role edit re-derives", () => {
    const changed = applyCalculatorEdit(INITIAL_CALCULATOR_STATE, "manager", 10);
    expect(changed.mode).toBe("changed");
    expect(applyCalculatorEdit(changed, "employees", 40)).toEqual({
      ...state(40, 3, 8, 0, 29),
      mode: "default",
    });
  });
});

test.each([
  ["40", 40],
  [" 7 ", 7],
  ["-5", -5],
  ["2.5", 2.5],
  ["1e3", 1000],
  ["0", 0],
  ["", null],
  ["   ", null],
  ["-", null],
  ["abc", null],
])("the input text %j reads as %s", (raw, expected) => {
  expect(parseCountInput(raw)).toBe(expected);
});
