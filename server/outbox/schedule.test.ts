import { expect, test } from "vitest";
import { RETRY_SCHEDULES, retryDelayMs } from "./schedule.ts";

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

test.each([
  [1, 0, 15 * S],
  [2, 15 * S, 30 * S],
  [3, 45 * S, 60 * S],
  [4, 2 * MIN, 2 * MIN],
  [5, 4 * MIN, 4 * MIN],
  [6, 8 * MIN, 5 * MIN],
  [7, 13 * MIN, 5 * MIN],
  [20, H - 1, 5 * MIN],
  [20, H, 30 * MIN],
  [100, 71 * H, 30 * MIN],
  [100, 72 * H - 10 * MIN, 10 * MIN],
  [100, 72 * H - 1, 1],
  [100, 72 * H, null],
  [1, 72 * H, null],
  [100, 100 * H, null],
])("production: failure %i at age %i ms → %s ms", (failures, age, expected) => {
  expect(retryDelayMs(RETRY_SCHEDULES.production, failures, age)).toBe(expected);
});

test.each([
  [1, 0, S],
  [2, S, 2 * S],
  [3, 3 * S, 4 * S],
  [4, 7 * S, 8 * S],
  [5, 15 * S, 10 * S],
  [50, 10 * MIN, 10 * S],
  [50, 2 * H, 10 * S],
  [50, 72 * H, null],
])("fast: failure %i at age %i ms → %s ms", (failures, age, expected) => {
  expect(retryDelayMs(RETRY_SCHEDULES.fast, failures, age)).toBe(expected);
});

test("an email failing every time is tried about 130 times in 72 hours, never in a storm", () => {
  const schedule = RETRY_SCHEDULES.production;
  let age = 0;
  let failures = 0;
  for (;;) {
    failures += 1;
    const delay = retryDelayMs(schedule, failures, age);
    if (delay === null) break;
    expect(delay).toBeGreaterThan(0);
    age += delay;
  }
  expect(age).toBe(72 * H);
  expect(failures).toBeGreaterThan(100);
  expect(failures).toBeLessThan(200);
});
