/**
 * `npm run bench:soak`: RELIABILITY PERF-6. The production server, with a real SMTP server on
 * loopback and a fresh SQLite DATA_DIR, takes about 50 requests a second for 30 minutes:
 * 40 GETs (pages and an asset) and 10 partner-form posts (posting limits raised, each post
 * two emails). Every 10 s it samples the server's resident memory, open file descriptors and
 * the WAL file. Memory growth compares RSS after a full garbage collection (through the
 * server's inspector, bench/inspector.ts) at the end of the warm-up and after the run; when
 * the load stops it waits for the outbox to drain. Writes bench/soak-results.md.
 * SOAK_SECONDS shortens the run (a quick check: SOAK_SECONDS=120); BENCH_PORT moves the server
 * (default 4391; its inspector listens 4848 above it) so two variants can run side by side.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { SQLITE_FILE } from "../server/store/database.ts";
import { connectInspector, type SettledMemory } from "./inspector.ts";
import {
  browsingRequests,
  formPost,
  ORIGIN,
  PARTNER,
  startServer,
  statuses,
  stopServer,
} from "./server.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 1800);
const GETS_PER_S = 40;
const POSTS_PER_S = 10;
const SAMPLE_EVERY_MS = 10_000;
/** Memory growth is counted from here: start-up, JIT and first-use caches are not a leak. */
const WARM_UP_MS = Math.min(120_000, (SECONDS * 1000) / 10);
const INSPECTOR_PORT = Number(process.env.BENCH_PORT ?? 4391) + 4848;
const DRAIN_TIMEOUT_MS = 120_000;
const WAL_LIMIT_MB = 64;

interface Sample {
  atS: number;
  rssMb: number;
  fds: number;
  walMb: number;
}

/** A loopback SMTP server that accepts every message and only counts them. */
async function startSink(): Promise<{
  url: string;
  received: () => number;
  stop: () => Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sample(pid: number, dataDir: string, startedAt: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const wal = join(dataDir, `${SQLITE_FILE}-wal`);
  return {
    atS: Math.round((Date.now() - startedAt) / 1000),
    rssMb: rssKb / 1024,
    fds: readdirSync(`/proc/${pid}/fd`).length,
    walMb: existsSync(wal) ? statSync(wal).size / 1024 / 1024 : 0,
  };
}

/** Outbox rows by state, and `submissions`: every post the server stored. */
function storeCounts(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, SQLITE_FILE), { readonly: true });
  try {
    const rows = db.prepare("SELECT state, count(*) AS n FROM outbox GROUP BY state").all() as {
      state: string;
      n: number;
    }[];
    const stored = db.prepare("SELECT count(*) AS n FROM submissions").get() as { n: number };
    return { ...Object.fromEntries(rows.map((row) => [row.state, row.n])), submissions: stored.n };
  } finally {
    db.close();
  }
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function main() {
  const sink = await startSink();
  const server = await startServer(
    {
      SMTP_URL: sink.url,
      RATE_LIMIT_PER_10_MIN: "1000000000",
      RATE_LIMIT_PER_DAY: "1000000000",
    },
    [`--inspect=127.0.0.1:${INSPECTOR_PORT}`],
  );
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("the server has no pid");
  const inspector = await connectInspector(INSPECTOR_PORT);
  const startedAt = Date.now();
  let warmMemory: SettledMemory | undefined;
  const warmUp = setTimeout(async () => {
    warmMemory = await inspector.settledMemory();
    console.log(
      `warm: RSS ${round(warmMemory.rssMb)} MB, heap ${round(warmMemory.heapUsedMb)} MB after GC`,
    );
  }, WARM_UP_MS);
  const samples: Sample[] = [sample(pid, server.dataDir, startedAt)];
  const timer = setInterval(() => {
    const entry = sample(pid, server.dataDir, startedAt);
    samples.push(entry);
    console.log(
      `${entry.atS} s: RSS ${round(entry.rssMb)} MB, ${entry.fds} FDs, WAL ${round(entry.walMb, 2)} MB`,
    );
  }, SAMPLE_EVERY_MS);
  let drained: { ms: number; counts: Record<string, number> };
  let browsing: autocannon.Result;
  let posting: autocannon.Result;
  let endMemory: SettledMemory;
  try {
    [browsing, posting] = await Promise.all([
      autocannon({
        url: ORIGIN,
        connections: 4,
        overallRate: GETS_PER_S,
        duration: SECONDS,
        requests: browsingRequests(),
      }),
      autocannon({
        url: `${ORIGIN}/api/joinPartner`,
        connections: 2,
        overallRate: POSTS_PER_S,
        duration: SECONDS,
        requests: [formPost({ n: 0 }, PARTNER)],
      }),
    ]);
    samples.push(sample(pid, server.dataDir, startedAt));
    const stoppedAt = Date.now();
    let counts = storeCounts(server.dataDir);
    while ((counts.pending ?? 0) > 0 && Date.now() - stoppedAt < DRAIN_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counts = storeCounts(server.dataDir);
    }
    drained = { ms: Date.now() - stoppedAt, counts };
    endMemory = await inspector.settledMemory();
  } finally {
    clearInterval(timer);
    clearTimeout(warmUp);
    inspector.close();
    await stopServer(server);
    await sink.stop();
  }

  if (!warmMemory) throw new Error("the run ended before the warm-up did");
  const last = samples.at(-1);
  if (!last) throw new Error("no samples");
  const later = samples.filter((entry) => entry.atS * 1000 >= WARM_UP_MS);
  const rawRss = samples.map((entry) => entry.rssMb);
  const growth = ((endMemory.rssMb - warmMemory.rssMb) / warmMemory.rssMb) * 100;
  const fdsAfterWarmUp = later.map((entry) => entry.fds);
  const walPeak = Math.max(...samples.map((entry) => entry.walMb));
  const accepted = statuses(posting)["200"] ?? 0;
  const sent = drained.counts.sent ?? 0;
  // autocannon does not count answers still in flight when it stops, so the store decides.
  const stored = drained.counts.submissions ?? 0;
  const errors = browsing.errors + browsing.timeouts + posting.errors + posting.timeouts;
  const fiveXx = browsing["5xx"] + posting["5xx"];
  const nonOk = browsing.non2xx + posting.non2xx;

  const rows: Array<[string, string, string, boolean]> = [
    [
      "requests",
      `GET ${browsing.requests.total} (${round(browsing.requests.average)}/s, p99 ${browsing.latency.p99} ms), POST ${posting.requests.total} (${round(posting.requests.average)}/s, p99 ${posting.latency.p99} ms), accepted ${accepted}`,
      "about 50 req/s mixed",
      browsing.requests.average + posting.requests.average >= 45,
    ],
    [
      "errors",
      `${errors} network errors/timeouts, ${fiveXx} 5xx, ${nonOk} non-2xx`,
      "0 errors",
      errors === 0 && fiveXx === 0 && nonOk === 0,
    ],
    [
      "resident memory",
      `after a full GC: ${round(warmMemory.rssMb)} MB at ${WARM_UP_MS / 1000} s → ${round(endMemory.rssMb)} MB after the run (${growth >= 0 ? "+" : ""}${round(growth)} %); live heap ${round(warmMemory.heapUsedMb)} → ${round(endMemory.heapUsedMb)} MB. Raw RSS between collections ${round(Math.min(...rawRss))}–${round(Math.max(...rawRss))} MB`,
      "growth ≤ 10 %",
      growth <= 10,
    ],
    [
      "file descriptors",
      `${Math.min(...fdsAfterWarmUp)}–${Math.max(...fdsAfterWarmUp)} after the warm-up, ${last.fds} at the end`,
      "stable",
      Math.max(...fdsAfterWarmUp) - Math.min(...fdsAfterWarmUp) <= 8,
    ],
    ["WAL file", `peak ${round(walPeak, 2)} MB`, `≤ ${WAL_LIMIT_MB} MB`, walPeak <= WAL_LIMIT_MB],
    [
      "outbox",
      `${sent} sent, ${drained.counts.pending ?? 0} pending, ${drained.counts.dead ?? 0} dead ${round(drained.ms / 1000)} s after the load stopped, for ${stored} stored posts (2 emails each); the SMTP server received ${sink.received()}`,
      "drains",
      (drained.counts.pending ?? 0) === 0 &&
        (drained.counts.dead ?? 0) === 0 &&
        sent === stored * 2 &&
        stored >= accepted &&
        sink.received() === sent,
    ],
  ];
  const timeline = samples
    .filter((_, index) => index % 30 === 0 || index === samples.length - 1)
    .map(
      (entry) =>
        `| ${entry.atS} | ${round(entry.rssMb)} | ${entry.fds} | ${round(entry.walMb, 2)} |`,
    );
  const markdown = [
    "# Soak (RELIABILITY PERF-6)",
    "",
    `${round(SECONDS / 60)} min on loopback (${new Date().toISOString().slice(0, 10)}): ${GETS_PER_S} GET/s (pages and an asset, 4 connections) and ${POSTS_PER_S} POST /api/joinPartner/s (2 connections, posting limits raised), production server with a fresh SQLite DATA_DIR and a real SMTP server on loopback. Memory growth compares RSS after a full garbage collection at the end of ${WARM_UP_MS / 1000} s of warm-up with RSS after a full collection once the run is over; raw RSS is also sampled every 10 s.`,
    "",
    "| | figure | MUST | |",
    "|---|---|---|---|",
    ...rows.map(
      ([name, figure, must, pass]) =>
        `| ${name} | ${figure} | ${must} | ${pass ? "pass" : "FAIL"} |`,
    ),
    "",
    "| s | RSS MB | FDs | WAL MB |",
    "|---|---|---|---|",
    ...timeline,
    "",
  ].join("\n");
  console.log(markdown);
  writeFileSync(join("bench", "soak-results.md"), markdown);
  if (rows.some(([, , , pass]) => !pass)) process.exitCode = 1;
}

await main();
