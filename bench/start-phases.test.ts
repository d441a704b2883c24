import { describe, expect, test } from "vitest";
import { startPhases } from "./start-phases.ts";

describe("the phases of a page's start", () => {
  test("split the gap from first paint to start at the first request and the last byte", () => {
    // /terms at CPU ×7, 2026-11-28: painted at 888, scripts asked for at 1166-1226, the
    // last (React's) in at 1906, started at 2135.
    const phases = startPhases(888, 2135, [
      { startTime: 1166, responseEnd: 1341 },
      { startTime: 1179, responseEnd: 1906 },
      { startTime: 1226, responseEnd: 1708 },
    ]);
    expect(phases).toEqual({ waitingMs: 278, downloadingMs: 740, afterLastByteMs: 229 });
    const sum = (phases?.waitingMs ?? 0) + (phases?.downloadingMs ?? 0);
    expect(sum + (phases?.afterLastByteMs ?? 0)).toBe(2135 - 888);
  });

  test("is null when the app never started or fetched none of the scripts it starts with", () => {
    expect(startPhases(900, null, [{ startTime: 1000, responseEnd: 1500 }])).toBeNull();
    expect(startPhases(900, 1800, [])).toBeNull();
  });

  test("rounds each phase to whole milliseconds", () => {
    expect(startPhases(800.4, 1700.6, [{ startTime: 950.2, responseEnd: 1500.7 }])).toEqual({
      waitingMs: 150,
      downloadingMs: 551,
      afterLastByteMs: 200,
    });
  });
});
