/**
 * Where the main thread spends its time while a page starts: a CPU profile from the
 * navigation until React Router has hydrated, as the busiest functions (self time) and the
 * busy stretches over 5 ms with what filled them. Diagnosis aid for TBT, against a running
 * production server: `node bench/profile-hydration.ts /pricing` (BENCH_ORIGIN to change it,
 * CPU_RATE to slow the CPU; a `BUNDLE_NO_MINIFY=1` build keeps function names readable).
 */
import { chromium } from "@playwright/test";

const origin = process.env.BENCH_ORIGIN ?? "http://127.0.0.1:4390";
const path = process.argv[2] ?? "/";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Stretch {
  startUs: number;
  endUs: number;
  selfMs: Map<string, number>;
}

const IDLE = new Set(["(idle)", "(program)"]);

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms);
}

function top(map: Map<string, number>, count: number): Array<[string, number]> {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  // CPU_RATE=4: the phone's CPU slowdown, through the DevTools protocol (1 by default).
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.CPU_RATE ?? 1) });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send("Profiler.stop");
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const label = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return "?";
    const where = `${frame.url.replace(origin, "")}:${frame.lineNumber}:${frame.columnNumber}`;
    return `${frame.functionName || "(anonymous)"} ${where}`;
  };

  const selfMs = new Map<string, number>();
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  let timeUs = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, index) => {
    const deltaUs = deltas[index] ?? 0;
    timeUs += deltaUs;
    const name = nodes.get(id)?.callFrame.functionName ?? "";
    if (IDLE.has(name)) {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    const stretch: Stretch = current ?? { startUs: timeUs, endUs: timeUs, selfMs: new Map() };
    stretch.endUs = timeUs;
    add(stretch.selfMs, label(id), deltaUs / 1000);
    add(selfMs, label(id), deltaUs / 1000);
    current = stretch;
  });

  console.log("busiest functions (self ms)");
  for (const [key, ms] of top(selfMs, 25)) console.log(ms.toFixed(1).padStart(7), key);
  for (const stretch of stretches.filter((s) => s.endUs - s.startUs > 5000)) {
    const at = ((stretch.startUs - profile.startTime) / 1000).toFixed(0);
    const length = ((stretch.endUs - stretch.startUs) / 1000).toFixed(1);
    console.log(`\nbusy from ${at} ms for ${length} ms`);
    for (const [key, ms] of top(stretch.selfMs, 6)) console.log("  ", ms.toFixed(1), key);
  }
} finally {
  await browser.close();
}
