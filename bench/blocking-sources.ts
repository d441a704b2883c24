/**
 * Where a page's simulated Total Blocking Time comes from, read off Lighthouse's list of the
 * long tasks it simulated (the `long-tasks` audit: each task's simulated start and duration,
 * and the script it is attributed to).
 *
 * Lighthouse's simulation ("Lantern") multiplies each main-thread task it observed, unthrottled,
 * by the CPU slowdown, after leaving out (pruning) the tasks shorter than 10 ms as observed,
 * unless one is the first to parse, lay out or paint, or links several other tasks. It then counts each task's part beyond 50 ms
 * between the first contentful paint and time to interactive, both simulated. At a slowdown
 * of ×7.5 a task observed at 9.9 ms therefore counts nothing and one of 12 ms counts 40 ms:
 * a host that stretches a few tasks past 10 ms moves the total by tens of milliseconds.
 *
 * One task is the browser's rather than the page's: committing the navigation (creating the
 * document and its script context) and parsing the first bytes, which the static reference
 * has too. Simulated, it often ends after the simulated first paint, so part of it counts.
 */

/** An item of Lighthouse's `long-tasks` audit (simulated times, ms). */
export interface LongTaskItem {
  url: string;
  startTime: number;
  duration: number;
}

/** Blocking time (ms) by what the task is attributed to. */
export interface BlockingSources {
  /** The browser's navigation: a task Lighthouse attributes to no script, begun before the first paint. */
  navigation: number;
  /** The page's HTML: parsing it, its inline scripts, style and layout it caused. */
  page: number;
  /** The site's script files. */
  scripts: number;
  /** Everything else: unattributed tasks after the first paint (painting, garbage collection). */
  other: number;
}

/** Lighthouse's rule: only a task's part beyond this counts as blocking. */
export const BLOCKING_THRESHOLD_MS = 50;
const UNATTRIBUTABLE = "Unattributable";

/**
 * Lighthouse's own rule: the part beyond 50 ms inside the window. Restated rather than
 * imported: its `calculateTbtImpactForEvent` lives inside `@paulirish/trace_engine`, a
 * dependency of Lighthouse's rather than of this project.
 */
export function blockingOf(task: LongTaskItem, windowStartMs: number, windowEndMs: number): number {
  const end = task.startTime + task.duration;
  if (
    task.duration < BLOCKING_THRESHOLD_MS ||
    end < windowStartMs ||
    task.startTime > windowEndMs
  ) {
    return 0;
  }
  const clipped = Math.min(end, windowEndMs) - Math.max(task.startTime, windowStartMs);
  return clipped < BLOCKING_THRESHOLD_MS ? 0 : clipped - BLOCKING_THRESHOLD_MS;
}

/**
 * The blocking of each simulated long task between first contentful paint and time to
 * interactive, summed by source. `pageUrl` is the measured page's address. Lighthouse's
 * own total blends two simulations with slightly different windows, so the sum is close to
 * its TBT rather than equal to it.
 */
export function blockingSources(
  tasks: readonly LongTaskItem[],
  firstPaintMs: number,
  interactiveMs: number,
  pageUrl: string,
): BlockingSources {
  const sources: BlockingSources = { navigation: 0, page: 0, scripts: 0, other: 0 };
  const origin = new URL(pageUrl).origin;
  for (const task of tasks) {
    const blocking = blockingOf(task, firstPaintMs, interactiveMs);
    if (blocking === 0) continue;
    const url = URL.canParse(task.url) ? new URL(task.url) : null;
    if (url?.origin === origin) {
      // The page's own document (its address, or a redirect of it) or one of its scripts.
      if (/\.m?js$/.test(url.pathname)) sources.scripts += blocking;
      else sources.page += blocking;
    } else if (task.url === UNATTRIBUTABLE && task.startTime < firstPaintMs) {
      sources.navigation += blocking;
    } else {
      sources.other += blocking;
    }
  }
  return sources;
}
