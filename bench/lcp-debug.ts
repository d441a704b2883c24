/**
 * One Lighthouse run (simulated mobile, performance only) on one page, printing the
 * metrics, every request with its priority and timing, and the long tasks: what Lantern's
 * simulation charges to FCP, LCP and TBT. Diagnosis aid for `npm run bench`, against a
 * running production server: `node bench/lcp-debug.ts /pricing` (BENCH_ORIGIN to change it;
 * CPU_SLOWDOWN for the slowdown the benchmark normalised to, 4 by default).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";

const origin = process.env.BENCH_ORIGIN ?? "http://127.0.0.1:4390";
const path = process.argv[2] ?? "/";
const cpuSlowdownMultiplier = Number(process.env.CPU_SLOWDOWN ?? 4);

interface Request {
  url: string;
  priority: string;
  transferSize: number;
  networkRequestTime: number;
  networkEndTime: number;
}

interface LongTask {
  url: string;
  duration: number;
  startTime: number;
}

/** The `items` of an audit's table details, or none when the audit has no table. */
function items<T>(details: unknown): T[] {
  const table = details as { items?: T[] } | undefined;
  return table?.items ?? [];
}

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const lhr = (
    await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      onlyCategories: ["performance"],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      output: "json",
    })
  )?.lhr;
  if (!lhr) throw new Error("Lighthouse returned no result");
  if (lhr.runtimeError) console.log("runtime error:", lhr.runtimeError.message);
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "speed-index",
    "total-blocking-time",
    "cumulative-layout-shift",
  ]) {
    const audit = lhr.audits[id];
    console.log(
      id,
      audit?.numericValue?.toFixed(id === "cumulative-layout-shift" ? 3 : 0),
      audit?.score,
      audit?.errorMessage ?? "",
    );
  }
  const performance = lhr.categories.performance?.score;
  console.log("perf", performance, "benchmarkIndex", lhr.environment.benchmarkIndex);
  const [observed] = items<Record<string, number>>(lhr.audits.metrics?.details);
  console.log(
    "observed FCP",
    observed?.observedFirstContentfulPaint,
    "LCP",
    observed?.observedLargestContentfulPaint,
  );
  const breakdown = lhr.audits["lcp-breakdown-insight"]?.details;
  console.log("LCP breakdown", JSON.stringify(breakdown).slice(0, 1500));
  for (const request of items<Request>(lhr.audits["network-requests"]?.details)) {
    console.log(
      request.networkRequestTime.toFixed(0).padStart(6),
      request.networkEndTime.toFixed(0).padStart(6),
      request.priority.padEnd(8),
      String(request.transferSize).padStart(7),
      request.url.replace(origin, ""),
    );
  }
  for (const task of items<LongTask>(lhr.audits["long-tasks"]?.details)) {
    console.log(
      "long task",
      task.startTime.toFixed(0),
      task.duration.toFixed(0),
      task.url.replace(origin, ""),
    );
  }
} finally {
  chrome.kill();
}
