import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { usePricingCalculator } from "./use-pricing-calculator.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  return renderHook(() => usePricingCalculator());
}

describe("usePricingCalculator (SPEC §4 debounce)", () => {
  test("an employee count is applied after 500 ms of quiet and not before", () => {
    const { result } = setup();
    act(() => result.current.change("employees", "40"));
    expect(result.current.inputValue("employees")).toBe("40");
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.state.breakdown["power-user"]).toBe(5);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toMatchObject({
      employees: 40,
      breakdown: { "power-user": 3, manager: 8, "view-only": 0, user: 29 },
      mode: "default",
    });
  });

  test("each keystroke restarts the wait", () => {
    const { result } = setup();
    act(() => result.current.change("employees", "4"));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.change("employees", "40"));
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.state.employees).toBe(100);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.state.employees).toBe(40);
  });

  test("leaving a field applies it at once", () => {
    const { result } = setup();
    act(() => result.current.change("manager", "10"));
    act(() => result.current.blur("manager"));
    expect(result.current.state.breakdown).toMatchObject({ manager: 10, user: 85 });
    expect(result.current.state.mode).toBe("changed");
  });

  test("an emptied field is never applied and shows the last good value on blur", () => {
    const { result } = setup();
    act(() => result.current.change("employees", ""));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.inputValue("employees")).toBe("");
    expect(result.current.state.employees).toBe(100);
    act(() => result.current.blur("employees"));
    expect(result.current.inputValue("employees")).toBe("100");
  });

  test("editing another field first applies the pending edit", () => {
    const { result } = setup();
    act(() => result.current.change("employees", "40"));
    act(() => result.current.change("manager", "4"));
    expect(result.current.state.employees).toBe(40);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.state.breakdown).toMatchObject({ manager: 4, user: 33 });
  });

  test("steppers add up before the debounce applies them", () => {
    const { result } = setup();
    act(() => result.current.step("view-only", 1));
    act(() => result.current.step("view-only", 1));
    expect(result.current.inputValue("view-only")).toBe("2");
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.state.breakdown).toMatchObject({ "view-only": 2, user: 73 });
  });

  test("typed negative and fractional values are normalised when applied", () => {
    const { result } = setup();
    act(() => result.current.change("employees", "-12.7"));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.inputValue("employees")).toBe("12");
  });
});
