import { describe, expect, test } from "vitest";
import { type TraceEvent, threadTimeBlocking } from "./thread-time.ts";

const PAGE = "http://127.0.0.1:4390/pricing";
const MAIN = { pid: 7, tid: 7 };

/** A complete event on the page's main thread; times in ms, as the trace's µs. */
function task(startMs: number, wallMs: number, cpuMs: number, name = "RunTask"): TraceEvent {
  return { ...MAIN, name, ph: "X", ts: startMs * 1000, dur: wallMs * 1000, tdur: cpuMs * 1000 };
}

const parse: TraceEvent = {
  ...MAIN,
  name: "ParseHTML",
  ph: "X",
  ts: 10_000,
  dur: 5000,
  tdur: 5000,
  args: { beginData: { url: PAGE } },
};
const firstPaint: TraceEvent = { ...MAIN, name: "firstContentfulPaint", ph: "I", ts: 100_000 };

describe("blocking time from the main thread's CPU time", () => {
  test("each task's CPU time is multiplied by the slowdown and its part beyond 50 ms counts", () => {
    // At ×7: 10 ms of CPU is 70 ms (20 blocking), 5 ms is 35 (none), 20 ms is 140 (90).
    const result = threadTimeBlocking(
      [parse, firstPaint, task(120, 40, 10), task(200, 30, 5), task(300, 25, 20)],
      PAGE,
      7,
    );
    expect(result).toEqual({ blockingMs: 110, wallPerCpu: 2.7 });
  });

  test("tasks before the first paint count nothing; one across it counts from the paint on", () => {
    // 80–120 ms with the paint at 100: half of it after, 15 of its 30 ms of CPU → 105 at ×7.
    const result = threadTimeBlocking(
      [parse, firstPaint, task(20, 60, 60), task(80, 40, 30)],
      PAGE,
      7,
    );
    expect(result).toEqual({ blockingMs: 55, wallPerCpu: 1.3 });
  });

  test("a task nested in another counts once, as part of the outer one", () => {
    const result = threadTimeBlocking(
      [parse, firstPaint, task(120, 40, 10), task(121, 38, 9.5, "ThreadControllerImpl::RunTask")],
      PAGE,
      7,
    );
    expect(result).toEqual({ blockingMs: 20, wallPerCpu: 4 });
  });

  test("other threads and processes are not the page's main thread", () => {
    const elsewhere = { ...task(120, 40, 40), tid: 8 };
    const otherProcess = { ...task(130, 40, 40), pid: 9 };
    expect(threadTimeBlocking([parse, firstPaint, elsewhere, otherProcess], PAGE, 7)).toEqual({
      blockingMs: 0,
      wallPerCpu: Number.NaN,
    });
  });

  test("without the page's parsing, its first paint or thread times there is no figure", () => {
    const otherPage = { ...parse, args: { beginData: { url: `${PAGE}-plans` } } };
    expect(threadTimeBlocking([otherPage, firstPaint, task(120, 40, 10)], PAGE, 7)).toBeNull();
    expect(threadTimeBlocking([parse, task(120, 40, 10)], PAGE, 7)).toBeNull();
    const { tdur: _, ...noThreadTime } = task(120, 40, 10);
    expect(threadTimeBlocking([parse, firstPaint, noThreadTime], PAGE, 7)).toBeNull();
  });
});
