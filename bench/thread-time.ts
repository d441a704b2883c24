/**
 * A page's blocking time counted from the main thread's own CPU time, read off the trace of
 * the same Lighthouse run, beside Lighthouse's Total Blocking Time.
 *
 * Lighthouse's simulation multiplies each task's wall time, as observed, by the CPU
 * slowdown. On a host with few cores, the wall time of a task includes every moment the
 * page's main thread waited for a core while the browser's other processes and threads (its
 * network and compositor threads, raster, the browser process) and the kernel ran: its
 * cores are busy for most of a page load on such a host. A phone's main thread has a core
 * of its own. Chromium's trace gives each task its thread's CPU time too (`tdur`), so the
 * same rule can be applied to the work the page actually asked of the main thread: each
 * task's CPU time × the slowdown, the part beyond 50 ms counted, from the first contentful
 * paint (as observed) to the end of the trace. Over the same tasks, wall ÷ CPU says how
 * much longer the tasks took than the work in them.
 *
 * This does not replace Lighthouse's figure, which is the target's; it shows how much of it
 * is the page's work and how much the host's waiting.
 */

import { BLOCKING_THRESHOLD_MS } from "./blocking-sources.ts";

/** The fields of a Chromium trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  tid: number;
  /** Wall time, µs (complete events). */
  dur?: number;
  /** The thread's CPU time, µs (complete events). */
  tdur?: number;
  args?: { beginData?: { url?: string }; data?: { url?: string } };
}

export interface ThreadTimeBlocking {
  /** Σ max(0, CPU time × slowdown − 50 ms) over the main thread's tasks after the first paint. */
  blockingMs: number;
  /** The same tasks' wall time ÷ their CPU time. */
  wallPerCpu: number;
}

/** What Chromium calls a main-thread task at the top of its stack, as Lighthouse reads it. */
const TASK_NAMES = new Set([
  "RunTask",
  "ThreadControllerImpl::RunTask",
  "ThreadControllerImpl::DoWork",
  "TaskQueueManager::ProcessTaskFromWorkQueue",
]);

/** The page's main thread: where the page's own HTML was parsed. */
function mainThread(events: readonly TraceEvent[], pageUrl: string) {
  const { origin, pathname } = new URL(pageUrl);
  const parse = events.find((event) => {
    if (event.name !== "ParseHTML") return false;
    const url = event.args?.beginData?.url;
    if (!url || !URL.canParse(url)) return false;
    const parsed = new URL(url);
    return parsed.origin === origin && parsed.pathname === pathname;
  });
  return parse ? { pid: parse.pid, tid: parse.tid } : null;
}

/** Top-level tasks only: a task nested in another is part of the outer one's time. */
function topLevelTasks(events: readonly TraceEvent[], pid: number, tid: number): TraceEvent[] {
  const tasks = events
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === tid &&
        event.ph === "X" &&
        TASK_NAMES.has(event.name) &&
        event.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  const outer: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue;
    outer.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  return outer;
}

/** One main-thread task's share after the first paint: its wall and CPU time, µs. */
interface TaskAfterPaint {
  wallUs: number;
  cpuUs: number;
}

/**
 * The main thread's top-level tasks from the first contentful paint to the end of the
 * trace, each cut at the first paint. Null when the trace lacks what it needs: the page's
 * parsing, its first contentful paint, or thread times (a platform whose trace has none).
 */
function tasksAfterFirstPaint(
  events: readonly TraceEvent[],
  pageUrl: string,
): TaskAfterPaint[] | null {
  const thread = mainThread(events, pageUrl);
  if (!thread) return null;
  const firstPaint = events.find(
    (event) => event.name === "firstContentfulPaint" && event.pid === thread.pid,
  );
  if (!firstPaint) return null;
  const tasks: TaskAfterPaint[] = [];
  for (const task of topLevelTasks(events, thread.pid, thread.tid)) {
    const dur = task.dur ?? 0;
    const end = task.ts + dur;
    if (end <= firstPaint.ts || dur === 0) continue;
    if (task.tdur === undefined) return null;
    // A task across the first paint counts from the first paint on, as in Lighthouse.
    const after = (end - Math.max(task.ts, firstPaint.ts)) / dur;
    tasks.push({ wallUs: dur * after, cpuUs: task.tdur * after });
  }
  return tasks;
}

/**
 * The blocking of the main thread's CPU time after the first paint, at `slowdown`. Null
 * when the trace lacks what it needs (`tasksAfterFirstPaint`).
 */
export function threadTimeBlocking(
  events: readonly TraceEvent[],
  pageUrl: string,
  slowdown: number,
): ThreadTimeBlocking | null {
  const tasks = tasksAfterFirstPaint(events, pageUrl);
  if (!tasks) return null;
  let blockingMs = 0;
  let wallUs = 0;
  let cpuUs = 0;
  for (const task of tasks) {
    wallUs += task.wallUs;
    cpuUs += task.cpuUs;
    const simulatedMs = (task.cpuUs / 1000) * slowdown;
    if (simulatedMs > BLOCKING_THRESHOLD_MS) blockingMs += simulatedMs - BLOCKING_THRESHOLD_MS;
  }
  return {
    blockingMs: Math.round(blockingMs),
    wallPerCpu: cpuUs > 0 ? Number((wallUs / cpuUs).toFixed(1)) : Number.NaN,
  };
}

/**
 * The main thread's CPU time after the first paint, in ms as the trace has it, with the wall
 * time of the same tasks. Null as `tasksAfterFirstPaint`. Read it from an unthrottled load:
 * a CPU throttled through the DevTools protocol inflates the thread times (bench/patches.ts).
 */
export function threadTimeAfterFirstPaint(
  events: readonly TraceEvent[],
  pageUrl: string,
): { cpuMs: number; wallMs: number } | null {
  const tasks = tasksAfterFirstPaint(events, pageUrl);
  if (!tasks) return null;
  const sum = (key: keyof TaskAfterPaint) =>
    tasks.reduce((total, task) => total + task[key], 0) / 1000;
  return { cpuMs: sum("cpuUs"), wallMs: sum("wallUs") };
}
