import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { mapLimit } from "../map-limit.ts";
import { type Store, scrubSqlite } from "../store/database.ts";
import {
  finishLease,
  type LeaseHolder,
  minimiseSettledReferrals,
  PURGE_TASK,
  type PurgeReport,
  purgeExpired,
  takeLease,
} from "../store/retention.ts";

/** The server purges about this often (and once at start). */
const PURGE_EVERY_MS = 24 * 60 * 60_000;
/** A purge's lease; a holder that crashed blocks the next purge this long at most. */
const PURGE_LEASE_MS = 15 * 60_000;
/** After a referral lost the friend's clear text, the SQLite WAL is cut back within this. */
const SCRUB_DELAY_MS = 30_000;
/** Files removed at once. */
const FILE_CONCURRENCY = 8;

/** A purge that ran: what it removed, and how many referrals it minimised on the way. */
export interface PurgeRun {
  ran: true;
  requestId: string;
  report: PurgeReport;
  minimised: number;
  /** SQLite: whether the WAL could be cut back now (if not, the caller tries again later). */
  scrubbed: boolean;
}

/** A purge that did not run because another instance (or the command) is purging. */
interface PurgeSkipped {
  ran: false;
  holder: LeaseHolder;
}

/**
 * One purge (PRIV-1), as the server runs it daily and `npm run submissions -- purge` by
 * hand: under the purge lease (one at a time across instances and the command), referrals
 * whose emails are settled lose the friend's clear text, expired submissions go with their
 * outbox rows and `.eml` files, and on SQLite the WAL is cut back so no removed value stays
 * in it. `requestId` names the run in the logs.
 */
export async function runPurge(
  store: Store,
  options: {
    retentionDays: number;
    nowMs: number;
    mailDir: string | null;
    /** Stops between batches (a server shutting down). */
    signal?: AbortSignal;
    /** See `scrubSqlite`: the server tries once, the command more. */
    scrubAttempts?: number;
  },
): Promise<PurgeRun | PurgeSkipped> {
  const requestId = randomUUID();
  const holder = await takeLease(store, PURGE_TASK, requestId, options.nowMs, PURGE_LEASE_MS);
  if (holder !== null) return { ran: false, holder };
  try {
    const minimised = await minimiseSettledReferrals(store, options.nowMs);
    const report = await purgeExpired(store, {
      nowMs: options.nowMs,
      retentionDays: options.retentionDays,
      onRemovedEmails: (ids) => removeMailFiles(options.mailDir, ids),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const scrubbed = await scrubSqlite(store, options.scrubAttempts);
    return { ran: true, requestId, report, minimised, scrubbed };
  } finally {
    await finishLease(store, PURGE_TASK, requestId, options.nowMs);
  }
}

/**
 * Without SMTP the emails are `.eml` files named by outbox id (server/mail/transport.ts):
 * the outgoing mail itself, removed with its row by a purge or an erasure.
 */
export async function removeMailFiles(mailDir: string | null, ids: readonly string[]) {
  if (mailDir === null || ids.length === 0 || !existsSync(mailDir)) return;
  await mapLimit(ids, FILE_CONCURRENCY, (id) =>
    rm(path.join(mailDir, `${id}.eml`), { force: true }),
  );
}

/** The counts of a purge for a log line: by kind, never a value. */
export function purgeCounts(run: PurgeRun) {
  const byKind = (rows: readonly { kind: string; count: number }[]) => {
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + row.count;
    return counts;
  };
  return {
    requestId: run.requestId,
    submissions: byKind(run.report.submissions),
    emails: byKind(run.report.emails),
    keptPending: run.report.keptPending,
    minimised: run.minimised,
  };
}

export interface DataLifecycleOptions {
  store: Store;
  retentionDays: number;
  /** `DATA_DIR/mail` when emails are files, else null. */
  mailDir: string | null;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  purgeEveryMs?: number;
  scrubDelayMs?: number;
}

/**
 * The server's part of the data lifecycle: a purge at start and then about daily, and on
 * SQLite a WAL scrub shortly after a delivered referral lost the friend's clear text.
 * Every purge is logged with its counts and request id, never a value.
 */
export class DataLifecycle {
  readonly #options: DataLifecycleOptions;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | null = null;
  #scrubTimer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #stopped = false;
  /** Aborts a purge in progress at shutdown (REL-5's 10 s), between two batches. */
  #abort = new AbortController();

  constructor(options: DataLifecycleOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** Purges now (without delaying the caller) and then every day. */
  start(): void {
    this.#stopped = false;
    this.#abort = new AbortController();
    void this.purge();
    this.#timer = setInterval(
      () => void this.purge(),
      this.#options.purgeEveryMs ?? PURGE_EVERY_MS,
    );
    this.#timer.unref();
  }

  /** One purge; resolves when done (a failure is logged, never thrown). */
  purge(): Promise<PurgeRun | PurgeSkipped | null> {
    const { store, retentionDays, mailDir, log } = this.#options;
    const run = (this.#running ?? Promise.resolve())
      .then(() =>
        runPurge(store, {
          retentionDays,
          nowMs: this.#now(),
          mailDir,
          signal: this.#abort.signal,
        }),
      )
      .then(
        (result) => {
          if (result.ran) {
            log.info(purgeCounts(result), "data lifecycle: purge done");
            if (!result.scrubbed) this.requestScrub();
          } else log.info("data lifecycle: another instance is purging, skipped");
          return result;
        },
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          log.error(
            {
              err: {
                type: (error as Error).name,
                code: typeof code === "string" ? code : undefined,
              },
            },
            "data lifecycle: purge failed",
          );
          return null;
        },
      );
    this.#running = run;
    return run;
  }

  /**
   * A referral just lost the friend's clear text: on SQLite, cut the WAL back soon (one
   * scrub for a burst of deliveries), so the old page images leave the WAL too.
   */
  requestScrub(): void {
    if (this.#options.store.sqlite === null || this.#scrubTimer !== null || this.#stopped) return;
    this.#scrubTimer = setTimeout(() => {
      this.#scrubTimer = null;
      void scrubSqlite(this.#options.store)
        .catch(() => false)
        .then((done) => {
          if (!done) this.requestScrub();
        });
    }, this.#options.scrubDelayMs ?? SCRUB_DELAY_MS);
    this.#scrubTimer.unref();
  }

  /**
   * Stops the schedule and a purge in progress (after its current batch), and waits for it;
   * scrubs once more on SQLite when a scrub was due.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#abort.abort();
    if (this.#timer) clearInterval(this.#timer);
    if (this.#scrubTimer) clearTimeout(this.#scrubTimer);
    this.#timer = null;
    const pendingScrub = this.#scrubTimer !== null;
    this.#scrubTimer = null;
    await this.#running;
    if (pendingScrub) await scrubSqlite(this.#options.store, 1).catch(() => false);
  }
}
