/**
 * How long a data subject's request takes in a full store (issue 49): fills a store with
 * BENCH_PRIVACY_ROWS submissions (default 100,000; referrals and partner requests, 1.6
 * emails each) on SQLite and on PostgreSQL, then times `find`, `export` and `erase` of one
 * address, as `npm run submissions` runs them (the same functions), for several addresses
 * that each appear in three submissions (referrer, friend, partner). Wall and CPU time,
 * medians; the erasure with and without its clean-up (SQLite's WAL truncate, PostgreSQL's
 * VACUUM). `npm run bench:privacy` writes bench/privacy-results.md; a bench line, not a
 * test: the figures are what they are on the host's load, which the file states.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { AddressKeys, verifyAddressKeys } from "../server/privacy/address-keys.ts";
import { personalDataExport } from "../server/privacy/export-format.ts";
import {
  compactAfterRemoval,
  openStore,
  SQLITE_FILE,
  type Store,
  writeTransaction,
} from "../server/store/database.ts";
import { eraseSubmissions, findSubmissions } from "../server/store/subject-requests.ts";
import { freePort, postgresCtl, startPostgres } from "../server/test-support/postgres.ts";

const ROWS = Number(process.env.BENCH_PRIVACY_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_PRIVACY_RUNS ?? 7);
const BATCH = 1000;
const DAY_MS = 86_400_000;
const SECRET = randomUUID() + randomUUID();
const keys = new AddressKeys(SECRET);

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; timing: Timing }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, timing: { wallMs, cpuMs: (used.user + used.system) / 1000 } };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const firstNames = ["Ana", "Bob", "Łukasz", "Zoë", "Ольга", "José", "Mia", "Noah"];
const lastNames = ["García", "Smith", "Nowak", "Müller", "Dubois", "Rossi", "Kim", "Sato"];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** Submission `i` of the fill: two thirds referrals, one third partner requests, over two years. */
function submissionRow(i: number, now: number, target: string | null, role: number) {
  const referral = i % 3 !== 2;
  const own = target !== null && role !== 1 ? target : `person${i}@example${i % 97}.com`;
  const friend = target !== null && role === 1 ? target : `friend${i}@example${i % 89}.org`;
  const createdAt = now - ((i * 7919) % (700 * DAY_MS));
  const payload = referral
    ? {
        yourFirstName: pick(firstNames, i),
        yourLastName: pick(lastNames, i + 3),
        friendFirstName: pick(firstNames, i + 5),
        friendLastName: pick(lastNames, i + 1),
        yourEmail: own,
        friendEmail: friend,
      }
    : {
        firstName: pick(firstNames, i + 2),
        lastName: pick(lastNames, i),
        email: own,
        company: `Company ${i} GmbH`,
        practiceType: "bookkeeper",
        clientNumber: "10-50",
        notes: i % 5 === 0 ? "We look after about forty small businesses in the region." : "",
      };
  const id = randomUUID();
  return {
    submission: {
      id,
      kind: referral ? ("referral" as const) : ("partner" as const),
      locale: pick(["en", "de", "es", "fr"], i),
      payload: JSON.stringify(payload),
      fingerprint: keys.fingerprint(`${i}`),
      recipient_key: referral ? keys.of(friend) : null,
      sender_key: keys.of(own),
      status: "queued" as const,
      created_at: createdAt,
      minimised_at: null,
    },
    emails: (referral ? ["referral"] : ["partner-notify", "partner-ack"]).map((kind) => ({
      id: randomUUID(),
      submission_id: id,
      kind: kind as "referral" | "partner-notify" | "partner-ack",
      state: "sent" as const,
      attempts: 1,
      next_attempt_at: createdAt,
      created_at: createdAt,
      sent_at: createdAt + 2000,
    })),
  };
}

/**
 * The addresses timed: each the referrer, the friend and the partner of one submission. The
 * last one is left to the command itself (`npm run submissions`), run once per request.
 */
const targets = Array.from({ length: RUNS + 1 }, (_, i) => `subject${i}@bench.example`);

async function fill(store: Store): Promise<number> {
  const now = Date.now();
  // Where each target's three submissions go, spread over the fill.
  const placed = new Map<number, { target: string; role: number }>();
  targets.forEach((target, t) => {
    for (let role = 0; role < 3; role += 1) {
      // Roles 0 and 2 must land on a referral and a partner request respectively.
      let at = Math.floor(((t * 3 + role + 0.5) / (targets.length * 3)) * ROWS);
      while (placed.has(at) || (role === 2 ? at % 3 !== 2 : at % 3 === 2)) at += 1;
      placed.set(at, { target, role });
    }
  });
  const started = performance.now();
  for (let from = 0; from < ROWS; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - from) }, (_, k) => {
      const i = from + k;
      const slot = placed.get(i);
      return submissionRow(i, now, slot?.target ?? null, slot?.role ?? 0);
    });
    await writeTransaction(store, async (trx) => {
      await trx
        .insertInto("submissions")
        .values(rows.map((row) => row.submission))
        .execute();
      await trx
        .insertInto("outbox")
        .values(rows.flatMap((row) => row.emails))
        .execute();
    });
  }
  return performance.now() - started;
}

interface StoreFigures {
  dialect: string;
  fillS: number;
  size: string;
  found: number;
  find: Timing[];
  export: Timing[];
  erase: Timing[];
  eraseAndCompact: Timing[];
  /** `npm run submissions -- find|export|erase --yes` as a whole process, start included. */
  command: Record<"find" | "export" | "erase", Timing>;
}

async function measure(
  store: Store,
  dialect: string,
  size: () => Promise<string>,
  env: Record<string, string>,
) {
  await verifyAddressKeys(store, keys);
  const fillMs = await fill(store);
  if (store.dialect === "postgres") await compactAfterRemoval(store); // fresh statistics
  const figures: StoreFigures = {
    dialect,
    fillS: fillMs / 1000,
    size: await size(),
    found: 0,
    find: [],
    export: [],
    erase: [],
    eraseAndCompact: [],
    command: {
      find: { wallMs: 0, cpuMs: 0 },
      export: { wallMs: 0, cpuMs: 0 },
      erase: { wallMs: 0, cpuMs: 0 },
    },
  };
  for (const [index, target] of targets.slice(0, RUNS).entries()) {
    const key = keys.of(target);
    const found = await timed(() => findSubmissions(store, key));
    figures.found = found.result.length;
    figures.find.push(found.timing);
    figures.export.push(
      (
        await timed(async () =>
          JSON.stringify(
            personalDataExport(target, await findSubmissions(store, keys.of(target)), {
              nowMs: Date.now(),
              retentionDays: 730,
              messageDomain: "beyondbudget.app",
            }),
          ),
        )
      ).timing,
    );
    // Every other address: the erasure alone, then with its clean-up.
    const erased = await timed(async () => {
      const outcome = await eraseSubmissions(store, key);
      if (index % 2 === 1) await compactAfterRemoval(store);
      return outcome;
    });
    if (erased.result.submissions.length !== 3) {
      throw new Error(`${target}: erased ${erased.result.submissions.length} submissions, not 3`);
    }
    (index % 2 === 1 ? figures.eraseAndCompact : figures.erase).push(erased.timing);
  }
  const last = targets[RUNS] as string;
  for (const [request, args] of [
    ["find", ["find", last]],
    ["export", ["export", last]],
    ["erase", ["erase", last, "--yes"]],
  ] as const) {
    figures.command[request] = await commandTiming(args, env);
  }
  return figures;
}

/**
 * Runs the command as an operator does and times the whole process: wall time, and its own
 * CPU time, which a module loaded first writes to file descriptor 3 as the process exits.
 */
async function commandTiming(
  args: readonly string[],
  env: Record<string, string>,
): Promise<Timing> {
  const reportCpu = `import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); writeSync(3, String((u.user + u.system) / 1000)); });`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      `--import=data:text/javascript,${encodeURIComponent(reportCpu)}`,
      "scripts/submissions.ts",
      ...args,
    ],
    {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, ...env, RECIPIENT_KEY_SECRET: SECRET, BUILD_DIR: "/nonexistent" },
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    },
  );
  let cpu = "";
  let stderr = "";
  child.stdio[3]?.on("data", (chunk: Buffer) => {
    cpu += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  if (code !== 0) throw new Error(`submissions ${args.join(" ")}: exit ${code}\n${stderr}`);
  return { wallMs: performance.now() - started, cpuMs: Number(cpu) };
}

async function sqliteFigures(): Promise<StoreFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), "beyond-bench-privacy-"));
  const store = await openStore({ dataDir: dir, databaseUrl: null });
  try {
    return await measure(
      store,
      "SQLite",
      async () => {
        const bytes = (await stat(path.join(dir, SQLITE_FILE))).size;
        return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
      },
      { DATA_DIR: dir },
    );
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgresFigures(): Promise<StoreFigures> {
  const given = process.env.TEST_DATABASE_URL;
  const cluster = given ? null : await startPostgres(await freePort(), "the privacy benchmark");
  const adminUrl = given ?? (cluster?.url as string);
  const name = `beyond_bench_${randomUUID().slice(0, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const store = await openStore({ dataDir: "/nonexistent", databaseUrl: url.toString() });
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), "beyond-bench-privacy-pg-"));
    try {
      return await measure(
        store,
        "PostgreSQL",
        async () => {
          const { rows } = await admin(
            `select pg_size_pretty(pg_database_size('${name}')) as size`,
          );
          return String(rows[0]?.size);
        },
        // The command's erasure ledger goes to DATA_DIR.
        { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    await store.close();
    await admin(`drop database if exists ${name} with (force)`);
    if (cluster) await postgresCtl("stop", cluster.dir);
  }
}

function row(label: string, timings: readonly Timing[]): string {
  const wall = median(timings.map((timing) => timing.wallMs));
  const cpu = median(timings.map((timing) => timing.cpuMs));
  return `| ${label} | ${wall.toFixed(1)} | ${cpu.toFixed(1)} | ${timings.length} |`;
}

const loadBefore = loadavg();
const results = [await sqliteFigures(), await postgresFigures()];
const loadAfter = loadavg();
/** A paragraph wrapped at 92 columns, as the other Markdown files are. */
function paragraph(text: string): string[] {
  const wrapped: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > 92) {
      wrapped.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...wrapped, line, ""];
}

const lines = [
  "# Privacy requests in a full store",
  "",
  ...paragraph(
    `\`npm run bench:privacy\` (bench/privacy.ts), ${new Date().toISOString().slice(0, 10)}: ${ROWS.toLocaleString("en")} submissions per store, ${RUNS} addresses timed in-process and one more with the whole command, each in three submissions (referrer, friend, partner). Host: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${loadBefore[0]?.toFixed(1)} before and ${loadAfter[0]?.toFixed(1)} after the run: a shared machine, so wall time includes waiting for a core; the CPU column is this process's own time (for PostgreSQL the database server's is not in it). Medians. Find and export read every stored field of the three submissions and their emails through the keyed hashes' indexes; erase waits for no send here (none is in flight).`,
  ),
];
for (const figures of results) {
  lines.push(
    `## ${figures.dialect}`,
    "",
    ...paragraph(
      `Filled in ${figures.fillS.toFixed(1)} s; ${figures.size} on disk; ${figures.found} submissions found per address.`,
    ),
    "| request | wall ms | CPU ms | runs |",
    "|---|---|---|---|",
    row("`find`", figures.find),
    row("`export` (find + JSON)", figures.export),
    row("`erase` (removal only)", figures.erase),
    row(
      figures.dialect === "SQLite" ? "`erase` + WAL truncate" : "`erase` + VACUUM of both tables",
      figures.eraseAndCompact,
    ),
    "",
    "The whole command, as an operator runs it (one run each; Node's start, loading the code",
    "and opening the store included):",
    "",
    "| command | wall ms | CPU ms |",
    "|---|---|---|",
    ...(["find", "export", "erase"] as const).map(
      (request) =>
        `| \`${request === "erase" ? "erase --yes" : request}\` | ${figures.command[request].wallMs.toFixed(0)} | ${figures.command[request].cpuMs.toFixed(0)} |`,
    ),
    "",
  );
}
const output = `${lines.join("\n").trimEnd()}\n`;
await writeFile(path.join(import.meta.dirname, "privacy-results.md"), output);
process.stdout.write(output);
