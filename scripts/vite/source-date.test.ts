import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { sourceDate } from "./source-date.ts";

const NEVER = () => {
  throw new Error("not consulted");
};

test("SOURCE_DATE_EPOCH wins, as a UTC calendar date", () => {
  // 2026-03-01T23:30:00Z: still the 1st in UTC, whatever the build machine's zone.
  expect(sourceDate({ SOURCE_DATE_EPOCH: "1772407800" }, NEVER, NEVER)).toBe("2026-03-01");
});

test("a malformed SOURCE_DATE_EPOCH fails the build, naming the variable", () => {
  for (const value of ["yesterday", "1.5", "-1"]) {
    expect(() => sourceDate({ SOURCE_DATE_EPOCH: value }, NEVER, NEVER)).toThrow(
      /^SOURCE_DATE_EPOCH must be whole seconds/,
    );
  }
});

test("without it, the commit date of HEAD, in UTC", () => {
  expect(sourceDate({}, () => "2026-02-27T01:15:00+02:00", NEVER)).toBe("2026-02-26");
  expect(sourceDate({ SOURCE_DATE_EPOCH: " " }, () => "2025-12-31T12:00:00Z", NEVER)).toBe(
    "2025-12-31",
  );
});

test("outside a git checkout, the day of the build", () => {
  const now = () => new Date("2026-05-04T10:00:00Z");
  expect(sourceDate({}, () => undefined, now)).toBe("2026-05-04");
  expect(sourceDate({}, () => "not a date", now)).toBe("2026-05-04");
});

test("in this checkout, the date of HEAD's commit", () => {
  const committed = execFileSync("git", ["log", "-1", "--format=%cI"], { encoding: "utf8" });
  expect(sourceDate({})).toBe(new Date(committed.trim()).toISOString().slice(0, 10));
});
