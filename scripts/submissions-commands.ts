import { randomUUID } from "node:crypto";
import path from "node:path";
import { DEFAULT_RETENTION_DAYS } from "../app/lib/build-config.ts";
import { type ApiConfig, loadApiConfig } from "../server/api-config.ts";
import { buildDirOf } from "../server/config.ts";
import {
  type AddressKeys,
  loadAddressKeys,
  verifyAddressKeys,
} from "../server/privacy/address-keys.ts";
import {
  appendToLedger,
  DEFAULT_LEDGER_FILE,
  readLedger,
} from "../server/privacy/erasure-ledger.ts";
import { personalDataExport } from "../server/privacy/export-format.ts";
import { purgeCounts, removeMailFiles, runPurge } from "../server/privacy/maintenance.ts";
import { buildRetentionDays, resolveRetentionDays } from "../server/privacy/retention.ts";
import { StartupError } from "../server/startup-error.ts";
import {
  compactAfterRemoval,
  isStoreReady,
  openStore,
  type Store,
} from "../server/store/database.ts";
import { purgeExpired } from "../server/store/retention.ts";
import {
  backfillAddressKeys,
  type EraseOutcome,
  eraseSubmissions,
  findSubmissions,
} from "../server/store/subject-requests.ts";
import { listSubmissions } from "../server/store/submissions.ts";
import {
  type Command,
  eraseSummary,
  parseArgs,
  purgeTable,
  reportRows,
  subjectTable,
  toCsv,
  toTable,
} from "./submissions-lib.ts";

/** Where `.eml` files are when the server has no SMTP_URL (server/routes/index.ts). */
const MAIL_DIR_NAME = "mail";
/** The command serves no visitor: it may wait this long for the server's writes. */
const COMMAND_BUSY_TIMEOUT_MS = 5000;

type Env = Readonly<Record<string, string | undefined>>;

/** What the command reads and writes, so tests can run it in-process. */
export interface CommandIo {
  env: Env;
  cwd: string;
  /** The command's output (tables, JSON, summaries) for the operator. */
  out: (text: string) => void;
  /**
   * One structured log line (JSON on stderr): what was done, counted, with a random
   * request id; never an address or any field's value.
   */
  log: (message: string, fields: Record<string, unknown>) => void;
  /** Asks the operator a question and resolves with the answer line. */
  ask: (question: string) => Promise<string>;
  now: () => number;
}

/**
 * `npm run submissions -- …` (issue 49): the listing, and a data subject's requests (find,
 * export, erase, replay of erasures after a restore) and the purge, against the store the
 * server uses, with the same code. Reports open SQLite read-only; the writing commands
 * open it read-write next to a running server (WAL: they wait for its writes). Returns the
 * exit code.
 */
export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const command = parseArgs(argv);
  const config = loadApiConfig(io.env, io.cwd);
  const writes =
    command.command === "erase" ||
    command.command === "replay" ||
    (command.command === "purge" && !command.dryRun);
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    readOnly: !writes,
    mustExist: true,
    busyTimeoutMs: COMMAND_BUSY_TIMEOUT_MS,
  });
  try {
    // A report reads the schema as the server migrates it; an older database is not read.
    if (!writes && !(await isStoreReady(store))) {
      throw new StartupError(
        `The database at ${store.location} is not migrated to this version: start the server once (or run \`npm run submissions -- purge\`, which migrates it)`,
      );
    }
    if (command.command === "list") {
      const rows = reportRows(await listSubmissions(store));
      io.out(command.format === "csv" ? toCsv(rows) : toTable(rows));
      return 0;
    }
    const keys = loadAddressKeys({
      secret: config.recipientKeySecret,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      create: writes,
    });
    await verifyAddressKeys(store, keys, { readOnly: !writes });
    if (writes) await backfillAddressKeys(store, keys);
    return await dispatch(command, { store, keys, config, io });
  } finally {
    await store.close();
  }
}

interface Context {
  store: Store;
  keys: AddressKeys;
  config: ApiConfig;
  io: CommandIo;
}

async function dispatch(command: Exclude<Command, { command: "list" }>, context: Context) {
  const { store, keys, config, io } = context;
  const requestId = randomUUID();
  switch (command.command) {
    case "find": {
      const found = await findSubmissions(store, keys.of(command.address));
      io.out(subjectTable(found, await retentionDays(config, io)));
      io.log("find", { requestId, submissions: found.length });
      return 0;
    }
    case "export": {
      const found = await findSubmissions(store, keys.of(command.address));
      const document = personalDataExport(command.address, found, {
        nowMs: io.now(),
        retentionDays: await retentionDays(config, io),
        messageDomain: config.mailFrom.slice(config.mailFrom.lastIndexOf("@") + 1),
      });
      io.out(`${JSON.stringify(document, null, 2)}\n`);
      io.log("export", { requestId, submissions: found.length });
      return 0;
    }
    case "erase":
      return erase(command.address, command.yes, requestId, context);
    case "replay":
      return replay(command.ledger, requestId, context);
    case "purge": {
      const days = await retentionDays(config, io);
      if (command.dryRun) {
        const report = await purgeExpired(store, {
          nowMs: io.now(),
          retentionDays: days,
          dryRun: true,
        });
        io.out(purgeTable(report, true));
        return 0;
      }
      const run = await runPurge(store, {
        retentionDays: days,
        nowMs: io.now(),
        mailDir: path.join(config.dataDir, MAIL_DIR_NAME),
        scrubAttempts: 20,
      });
      if (!run.ran) {
        io.out(
          `Another purge is running (its lease ends ${new Date(run.holder.until).toISOString()}): nothing done, try again later.\n`,
        );
        return 1;
      }
      io.out(purgeTable(run.report, false));
      if (!run.scrubbed) {
        io.out(
          "Warning: the WAL could not be cut back while the database was busy; run the purge again later.\n",
        );
      }
      if (run.minimised > 0) {
        io.out(
          `Removed the friend's name and address from ${run.minimised} delivered referral(s).\n`,
        );
      }
      io.log("purge done", purgeCounts(run));
      return 0;
    }
  }
}

async function erase(address: string, yes: boolean, requestId: string, context: Context) {
  const { store, keys, config, io } = context;
  const key = keys.of(address);
  const found = await findSubmissions(store, key);
  if (found.length === 0) {
    io.out(
      "Nothing stored mentions this address. The erasure is still recorded in the ledger, so that a backup restored later is cleaned too.\n",
    );
  } else {
    io.out(subjectTable(found, await retentionDays(config, io)));
  }
  if (!yes) {
    const answer = await io.ask(
      `Erase ${found.length === 0 ? "(record only)" : "these submissions and all their emails"}? Type "yes" to go on: `,
    );
    if (answer.trim().toLowerCase() !== "yes") {
      io.out("Nothing erased.\n");
      return 1;
    }
  }
  // The ledger first: an erasure cut short is completed by a replay.
  await appendToLedger(ledgerPath(config, io), {
    v: 1,
    key,
    erasedAt: io.now(),
    requestId,
    keyCheck: keys.check.slice(0, 16),
  });
  const outcome = await eraseSubmissions(store, key, {
    now: io.now,
    onWaiting: (count) =>
      io.out(
        `Waiting for ${count} email(s) being handed to SMTP right now (at most a few minutes)…\n`,
      ),
  });
  await finishRemoval(outcome, context);
  io.out(eraseSummary(outcome));
  io.out(`Request id: ${requestId}\n`);
  io.log("erasure done", { requestId, ...outcomeCounts(outcome) });
  return 0;
}

async function replay(ledger: string | null, requestId: string, context: Context) {
  const { store, keys, config, io } = context;
  const file = ledger ? path.resolve(io.cwd, ledger) : ledgerPath(config, io);
  const entries = await readLedger(file);
  const check = keys.check.slice(0, 16);
  const total: EraseOutcome = { submissions: [], emails: [], inFlight: [] };
  let otherKey = 0;
  for (const entry of entries) {
    if (entry.keyCheck !== check) {
      otherKey += 1;
      continue;
    }
    const outcome = await eraseSubmissions(store, entry.key, {
      now: io.now,
      storedAtOrBefore: entry.erasedAt,
    });
    if (outcome.submissions.length > 0) {
      io.out(
        `Erasure ${entry.requestId} of ${new Date(entry.erasedAt).toISOString()} applied again: ${outcome.submissions.length} submission(s), ${outcome.emails.length + outcome.inFlight.length} email(s).\n`,
      );
    }
    total.submissions.push(...outcome.submissions);
    total.emails.push(...outcome.emails);
    total.inFlight.push(...outcome.inFlight);
  }
  await finishRemoval(total, context);
  io.out(
    `Replayed ${entries.length - otherKey} erasure(s) from ${file}: ${total.submissions.length} submission(s) and ${total.emails.length + total.inFlight.length} email(s) removed again.\n`,
  );
  if (otherKey > 0) {
    io.out(
      `${otherKey} erasure(s) were recorded with another address key and cannot be matched with this one.\n`,
    );
  }
  io.log("erasures replayed", {
    requestId,
    erasures: entries.length - otherKey,
    otherKey,
    ...outcomeCounts(total),
  });
  return otherKey > 0 ? 1 : 0;
}

/** The files and free space the removed rows leave behind go too. */
async function finishRemoval(outcome: EraseOutcome, { store, config, io }: Context) {
  await removeMailFiles(path.join(config.dataDir, MAIL_DIR_NAME), [
    ...outcome.emails.map((email) => email.id),
    ...outcome.inFlight.map((email) => email.id),
  ]);
  if (!(await compactAfterRemoval(store))) {
    io.out(
      store.dialect === "sqlite"
        ? "Warning: the WAL could not be cut back while the database was busy; run the command again later (docs/privacy-operations.md).\n"
        : "Warning: VACUUM did not run; autovacuum will prune the removed rows (docs/operations.md).\n",
    );
  }
}

function outcomeCounts(outcome: EraseOutcome) {
  const count = (items: readonly { kind: string }[]) => {
    const counts: Record<string, number> = {};
    for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    return counts;
  };
  return {
    submissions: count(outcome.submissions),
    emails: count([...outcome.emails, ...outcome.inFlight]),
    cancelled: outcome.emails.filter((email) => email.state === "pending").length,
    inFlight: outcome.inFlight.length,
  };
}

/** ERASURE_LEDGER, or `DATA_DIR/erasures.jsonl`. */
function ledgerPath(config: ApiConfig, io: CommandIo): string {
  const given = io.env.ERASURE_LEDGER?.trim();
  return given ? path.resolve(io.cwd, given) : path.join(config.dataDir, DEFAULT_LEDGER_FILE);
}

/**
 * The retention period the server keeps to: the build's when a build is there (and
 * RETENTION_DAYS may only repeat it), else RETENTION_DAYS or the default.
 */
async function retentionDays(config: ApiConfig, io: CommandIo): Promise<number> {
  const fromBuild = await buildRetentionDays(buildDirOf(io.env, io.cwd));
  if (fromBuild === null) return config.retentionDays ?? DEFAULT_RETENTION_DAYS;
  return resolveRetentionDays({
    fromEnv: config.retentionDays,
    fromBuild,
    recipientDays: config.limits.recipientDays,
  });
}
