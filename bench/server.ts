/**
 * Server throughput figures of RELIABILITY PERF-1 to PERF-5 with autocannon on loopback,
 * against the production server started from `build/` with a throwaway DATA_DIR:
 * pages, a hashed asset, accepted submissions (limits raised), the 429 flood (production
 * limits) and a mixed run of both. PERF-6, the 30-minute soak, is bench/soak.ts. `node bench/server.ts` runs it alone and writes
 * bench/server-results.md; `npm run bench` runs it after Lighthouse. BENCH_SERVER_SECONDS
 * shortens each run (default 20, as PERF asks).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 4391);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 20);

export const PARTNER = {
  firstName: "Łukasz",
  lastName: "Nowak",
  company: "Nowak Księgowość",
  practiceType: "bookkeeper",
  clientNumber: "10-50",
  notes: "",
};

interface Figure {
  id: string;
  workload: string;
  requestsPerS: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  must: string;
  pass: boolean;
}

export async function startServer(
  env: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "beyond-bench-"));
  const child = spawn(process.execPath, [...nodeOptions, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/healthz`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("The server did not start");
}

export async function stopServer({ child, dataDir }: { child: ChildProcess; dataDir: string }) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

export function statuses(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {}))
    counts[status] = stat.count ?? 0;
  return counts;
}

/** The first hashed stylesheet the home page links, as a small immutable asset. */
function hashedAsset(): string {
  const html = readFileSync(join("build", "client", "index.html"), "utf8");
  const match =
    /href="(\/assets\/[^"]+\.css)"/.exec(html) ?? /src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!match?.[1]) throw new Error("no hashed asset linked from the home page");
  return match[1];
}

export function formPost(counter: { n: number }, fields: Record<string, string>) {
  return {
    method: "POST" as const,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      origin: ORIGIN,
    },
    // A distinct email per request, so each post is a new submission, not a duplicate.
    setupRequest: (request: autocannon.Request) => {
      counter.n += 1;
      return {
        ...request,
        body: new URLSearchParams({ ...fields, email: `bench${counter.n}@example.com` }).toString(),
      };
    },
  };
}

async function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...options, duration: SECONDS });
}

/** Runs PERF-1 to PERF-5 and returns the figures. */
export async function measureServer(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let server = await startServer({});
  try {
    const pages = await run({ url: `${ORIGIN}/`, connections: 16 });
    figures.push({
      id: "PERF-1",
      workload: "GET / (c16)",
      requestsPerS: pages.requests.average,
      p99Ms: pages.latency.p99,
      statuses: statuses(pages),
      errors: pages.errors,
      must: "≥ 1000 req/s, p99 ≤ 100 ms, 0 errors/non-2xx",
      pass:
        pages.requests.average >= 1000 &&
        pages.latency.p99 <= 100 &&
        pages.errors === 0 &&
        pages.non2xx === 0,
    });
    const asset = await run({ url: `${ORIGIN}${hashedAsset()}`, connections: 16 });
    figures.push({
      id: "PERF-2",
      workload: "GET hashed asset (c16)",
      requestsPerS: asset.requests.average,
      p99Ms: asset.latency.p99,
      statuses: statuses(asset),
      errors: asset.errors,
      must: "≥ 1500 req/s, 0 errors",
      pass: asset.requests.average >= 1500 && asset.errors === 0,
    });
    const flood = await run({
      url: `${ORIGIN}/api/joinPartner`,
      connections: 32,
      requests: [formPost({ n: 0 }, PARTNER)],
    });
    const floodStatuses = statuses(flood);
    figures.push({
      id: "PERF-4",
      workload: "POST /api/joinPartner flood, production limits (c32)",
      requestsPerS: flood.requests.average,
      p99Ms: flood.latency.p99,
      statuses: floodStatuses,
      errors: flood.errors,
      must: "429 p99 ≤ 20 ms, 0 5xx, ≤ 5 accepted",
      pass: flood.latency.p99 <= 20 && flood["5xx"] === 0 && (floodStatuses["200"] ?? 0) <= 5,
    });
  } finally {
    await stopServer(server);
  }

  server = await startServer({
    RATE_LIMIT_PER_10_MIN: "1000000000",
    RATE_LIMIT_PER_DAY: "1000000000",
  });
  try {
    const accepted = await run({
      url: `${ORIGIN}/api/joinPartner`,
      connections: 8,
      requests: [formPost({ n: 0 }, PARTNER)],
    });
    const ok = statuses(accepted)["200"] ?? 0;
    figures.splice(2, 0, {
      id: "PERF-3",
      workload: "POST /api/joinPartner accepted, limits raised (c8)",
      requestsPerS: ok / accepted.duration,
      p99Ms: accepted.latency.p99,
      statuses: statuses(accepted),
      errors: accepted.errors,
      must: "≥ 50 accepted/s, p99 ≤ 500 ms, 0 5xx",
      pass: ok / accepted.duration >= 50 && accepted.latency.p99 <= 500 && accepted["5xx"] === 0,
    });
    figures.push(...(await measureMixed()));
  } finally {
    await stopServer(server);
  }
  return figures;
}

/** Pages and an asset a visitor's browser asks for, in turn, on each GET connection. */
export function browsingRequests(): autocannon.Request[] {
  return ["/", "/pricing", "/de/faqs", "/fr/referrals", hashedAsset()].map((path) => ({
    method: "GET",
    path,
  }));
}

/**
 * PERF-5: visitors browsing (16 GET connections) while others send the partner form (4 POST
 * connections), at the same time on one server with the posting limits raised.
 */
async function measureMixed(): Promise<Figure[]> {
  const [browsing, posting] = await Promise.all([
    run({ url: ORIGIN, connections: 16, requests: browsingRequests() }),
    run({
      url: `${ORIGIN}/api/joinPartner`,
      connections: 4,
      requests: [formPost({ n: 1_000_000 }, PARTNER)],
    }),
  ]);
  const accepted = (statuses(posting)["200"] ?? 0) / posting.duration;
  const clean = (result: autocannon.Result) =>
    result["5xx"] === 0 && result.errors === 0 && result.timeouts === 0;
  return [
    {
      id: "PERF-5",
      workload: "mixed: GET pages and an asset (c16) while POST /api/joinPartner (c4)",
      requestsPerS: browsing.requests.average,
      p99Ms: browsing.latency.p99,
      statuses: statuses(browsing),
      errors: browsing.errors + browsing.timeouts,
      must: "GET ≥ 150 req/s, p99 ≤ 1000 ms, 0 5xx, 0 errors/timeouts",
      pass: browsing.requests.average >= 150 && browsing.latency.p99 <= 1000 && clean(browsing),
    },
    {
      id: "PERF-5",
      workload: "mixed: the POSTs of that run, accepted",
      requestsPerS: accepted,
      p99Ms: posting.latency.p99,
      statuses: statuses(posting),
      errors: posting.errors + posting.timeouts,
      must: "POST ≥ 30 accepted/s, p99 ≤ 1000 ms, 0 5xx, 0 errors/timeouts",
      pass: accepted >= 30 && posting.latency.p99 <= 1000 && clean(posting),
    },
  ];
}

/** The figures as a Markdown table. */
export function serverTable(figures: readonly Figure[]): string {
  const lines = figures.map((figure) => {
    const codes = Object.entries(figure.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    return `| ${figure.id} | ${figure.workload} | ${Math.round(figure.requestsPerS)} | ${figure.p99Ms} | ${codes} | ${figure.errors} | ${figure.must} | ${figure.pass ? "pass" : "FAIL"} |`;
  });
  return [
    "| id | workload | req/s | p99 ms | statuses | errors | MUST | |",
    "|---|---|---|---|---|---|---|---|",
    ...lines,
  ].join("\n");
}

/** The section `npm run bench` appends to bench/results.md. */
export async function serverSection(): Promise<string> {
  const figures = await measureServer();
  return [
    "## Server (RELIABILITY PERF-1 to PERF-5; PERF-6 soak in bench/soak-results.md)",
    "",
    `autocannon, ${SECONDS} s per run on loopback, production server and a fresh SQLite DATA_DIR (WAL, synchronous=FULL); PERF-3 and the POST row of PERF-5 count only 200s.`,
    "",
    serverTable(figures),
    "",
  ].join("\n");
}

if (import.meta.main) {
  const section = await serverSection();
  console.log(section);
  writeFileSync(join("bench", "server-results.md"), `# Server benchmark\n\n${section}`);
}
