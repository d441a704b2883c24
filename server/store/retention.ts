import type { ExpressionBuilder, Kysely } from "kysely";
import { withoutFriend } from "../privacy/subjects.ts";
import { type Store, writeTransaction } from "./database.ts";
import type { Database } from "./schema.ts";

const DAY_MS = 24 * 60 * 60_000;
/** Rows deleted or rewritten per transaction: short write locks, bounded memory. */
const BATCH = 500;

/** What the data lifecycle removes, as its running totals name it. */
export type LifecycleAction = "purged" | "erased" | "minimised";

/**
 * Adds to the running totals (`lifecycle_counts`) inside the transaction that removed the
 * rows, so the totals never count a removal that was rolled back.
 */
export async function countRemoved(
  trx: Kysely<Database>,
  action: LifecycleAction,
  table: "submissions" | "outbox",
  kinds: readonly string[],
): Promise<void> {
  const byKind = new Map<string, number>();
  for (const kind of kinds) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  for (const [kind, count] of byKind) {
    await trx
      .insertInto("lifecycle_counts")
      .values({ action, table_name: table, kind, count })
      .onConflict((conflict) =>
        conflict
          .columns(["action", "table_name", "kind"])
          .doUpdateSet((eb) => ({ count: eb("lifecycle_counts.count", "+", count) })),
      )
      .execute();
  }
}

/** An email of the submission in the outer query that is still pending (or being sent). */
function pendingEmailOf(eb: ExpressionBuilder<Database, "submissions">) {
  return eb
    .selectFrom("outbox")
    .select("outbox.id")
    .whereRef("outbox.submission_id", "=", "submissions.id")
    .where("outbox.state", "=", "pending");
}

/** The first instant that is not expired: a submission stored before it is past retention. */
function retentionCutoff(nowMs: number, retentionDays: number): number {
  return nowMs - retentionDays * DAY_MS;
}

/** What a purge removed (or, dry, would remove). */
export interface PurgeReport {
  /** Submissions stored before this were expired. */
  cutoff: number;
  /** Removed submissions by kind and month stored (`YYYY-MM`, UTC), oldest first. */
  submissions: { kind: string; month: string; count: number }[];
  /** Removed outbox rows by email kind. */
  emails: { kind: string; count: number }[];
  /** Expired submissions kept because one of their emails is still pending. */
  keptPending: number;
}

export interface PurgeOptions {
  nowMs: number;
  retentionDays: number;
  /** Count what would go, remove nothing. */
  dryRun?: boolean;
  /** Called with the ids of each batch of removed outbox rows (their `.eml` files go too). */
  onRemovedEmails?: (ids: string[]) => Promise<void>;
  /** Stops between batches when aborted (a server shutting down); the next purge goes on. */
  signal?: AbortSignal;
}

/**
 * Retention (PRIV-1): removes every submission stored more than `retentionDays` days
 * before `nowMs`, with all its outbox rows, except a submission with an email still pending
 * (waiting, retrying or being sent): it goes on the first purge after its last email is
 * sent or given up (72 h at most). A pending row never comes back once settled, so the
 * check cannot go stale between the read and the delete. Batches of 500 rows per
 * transaction keep each write lock short while the server runs.
 */
export async function purgeExpired(store: Store, options: PurgeOptions): Promise<PurgeReport> {
  const cutoff = retentionCutoff(options.nowMs, options.retentionDays);
  const submissionTally = new Map<string, number>();
  const emailTally = new Map<string, number>();
  const tallySubmission = (kind: string, createdAt: number) => {
    const key = `${kind}\0${new Date(createdAt).toISOString().slice(0, 7)}`;
    submissionTally.set(key, (submissionTally.get(key) ?? 0) + 1);
  };
  const tallyEmail = (kind: string, count = 1) => {
    emailTally.set(kind, (emailTally.get(kind) ?? 0) + count);
  };
  const expired = (db: Kysely<Database>) =>
    db
      .selectFrom("submissions")
      .where("submissions.created_at", "<", cutoff)
      .where((eb) => eb.not(eb.exists(pendingEmailOf(eb))));

  if (options.dryRun) {
    for (const row of await expired(store.db)
      .select(["submissions.kind", "submissions.created_at"])
      .execute()) {
      tallySubmission(row.kind, Number(row.created_at));
    }
    const emails = await store.db
      .selectFrom("outbox")
      .select((eb) => ["outbox.kind", eb.fn.countAll<number | string>().as("count")])
      .where("outbox.submission_id", "in", expired(store.db).select("submissions.id"))
      .groupBy("outbox.kind")
      .execute();
    for (const row of emails) tallyEmail(row.kind, Number(row.count));
  } else {
    for (;;) {
      const removed = await writeTransaction(store, async (trx) => {
        const batch = await expired(trx)
          .select("submissions.id")
          .orderBy("submissions.created_at")
          .limit(BATCH)
          .execute();
        if (batch.length === 0) return null;
        const ids = batch.map((row) => row.id);
        const emails = await trx
          .deleteFrom("outbox")
          .where("submission_id", "in", ids)
          .returning(["id", "kind"])
          .execute();
        const submissions = await trx
          .deleteFrom("submissions")
          .where("id", "in", ids)
          .returning(["kind", "created_at"])
          .execute();
        await countRemoved(
          trx,
          "purged",
          "submissions",
          submissions.map((row) => row.kind),
        );
        await countRemoved(
          trx,
          "purged",
          "outbox",
          emails.map((row) => row.kind),
        );
        return { emails, submissions, full: batch.length === BATCH };
      });
      if (removed === null) break;
      for (const row of removed.submissions) tallySubmission(row.kind, Number(row.created_at));
      for (const row of removed.emails) tallyEmail(row.kind);
      if (removed.emails.length > 0)
        await options.onRemovedEmails?.(removed.emails.map((row) => row.id));
      if (!removed.full || options.signal?.aborted) break;
    }
  }

  const kept = await store.db
    .selectFrom("submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("submissions.created_at", "<", cutoff)
    .where((eb) => eb.exists(pendingEmailOf(eb)))
    .executeTakeFirstOrThrow();
  return {
    cutoff,
    submissions: [...submissionTally]
      .map(([key, count]) => {
        const [kind = "", month = ""] = key.split("\0");
        return { kind, month, count };
      })
      .sort((a, b) => a.month.localeCompare(b.month) || a.kind.localeCompare(b.kind)),
    emails: [...emailTally]
      .map(([kind, count]) => ({ kind, count }))
      .sort((a, b) => a.kind.localeCompare(b.kind)),
    keptPending: Number(kept.count),
  };
}

/**
 * Takes the referred friend's name and address out of one referral's payload, unless that
 * was done already; part of the caller's transaction. True when it changed the row.
 */
export async function minimiseReferral(
  trx: Kysely<Database>,
  submissionId: string,
  nowMs: number,
): Promise<boolean> {
  const row = await trx
    .selectFrom("submissions")
    .select("payload")
    .where("id", "=", submissionId)
    .where("kind", "=", "referral")
    .where("minimised_at", "is", null)
    .executeTakeFirst();
  if (row === undefined) return false;
  // Guarded again: another instance's purge may have minimised it since the read.
  const result = await trx
    .updateTable("submissions")
    .set({ payload: JSON.stringify(withoutFriend(parsePayload(row.payload))), minimised_at: nowMs })
    .where("id", "=", submissionId)
    .where("minimised_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await countRemoved(trx, "minimised", "submissions", ["referral"]);
  return true;
}

/**
 * Referrals that still hold the friend's clear text though no email of theirs is pending
 * (stored before issue 49, or settled by a process that stopped before minimising): the
 * friend's fields go now. Returns how many rows changed.
 */
export async function minimiseSettledReferrals(store: Store, nowMs: number): Promise<number> {
  let changed = 0;
  for (;;) {
    const done = await writeTransaction(store, async (trx) => {
      const rows = await trx
        .selectFrom("submissions")
        .select("id")
        .where("kind", "=", "referral")
        .where("minimised_at", "is", null)
        .where((eb) => eb.not(eb.exists(pendingEmailOf(eb))))
        .limit(BATCH)
        .execute();
      let count = 0;
      for (const row of rows) if (await minimiseReferral(trx, row.id, nowMs)) count += 1;
      return { count, full: rows.length === BATCH };
    });
    changed += done.count;
    if (!done.full) return changed;
  }
}

/** Whoever holds `task` now, until when; null when nobody does. */
export interface LeaseHolder {
  owner: string;
  until: number;
}

/**
 * Takes the lease of `task` for `owner` until `nowMs + leaseMs` when nobody holds it (or the
 * holder's lease ran out: it crashed). Atomic on both dialects: one upsert whose update
 * applies only to an expired lease; on PostgreSQL a concurrent taker waits for the row and
 * re-checks the condition on its newest version. Returns null when taken, else the holder.
 */
export async function takeLease(
  store: Store,
  task: string,
  owner: string,
  nowMs: number,
  leaseMs: number,
): Promise<LeaseHolder | null> {
  const taken = await store.db
    .insertInto("maintenance_leases")
    .values({ task, owner, lease_until: nowMs + leaseMs })
    .onConflict((conflict) =>
      conflict
        .column("task")
        .doUpdateSet({ owner, lease_until: nowMs + leaseMs })
        .where("maintenance_leases.lease_until", "<=", nowMs),
    )
    .returning("owner")
    .executeTakeFirst();
  if (taken?.owner === owner) return null;
  const holder = await store.db
    .selectFrom("maintenance_leases")
    .select(["owner", "lease_until"])
    .where("task", "=", task)
    .executeTakeFirst();
  return { owner: holder?.owner ?? "unknown", until: Number(holder?.lease_until ?? nowMs) };
}

/** Gives the lease back and records when the task last finished. */
export async function finishLease(
  store: Store,
  task: string,
  owner: string,
  nowMs: number,
): Promise<void> {
  await store.db
    .updateTable("maintenance_leases")
    .set({ owner: null, lease_until: 0, last_finished_at: nowMs })
    .where("task", "=", task)
    .where("owner", "=", owner)
    .execute();
}

/** The figures of the data lifecycle for the metrics endpoint. */
export interface LifecycleStats {
  /** When the oldest stored submission was made; null when there is none. */
  oldestSubmissionAt: number | null;
  /** When a purge last finished; null before the first. */
  lastPurgeAt: number | null;
  removed: { action: string; table: string; kind: string; count: number }[];
}

/** The purge's lease name: one purge at a time across every instance and the command. */
export const PURGE_TASK = "purge";

export async function lifecycleStats(store: Store): Promise<LifecycleStats> {
  const oldest = await store.db
    .selectFrom("submissions")
    .select((eb) => eb.fn.min<number | string | null>("created_at").as("oldest"))
    .executeTakeFirst();
  const purge = await store.db
    .selectFrom("maintenance_leases")
    .select("last_finished_at")
    .where("task", "=", PURGE_TASK)
    .executeTakeFirst();
  const counts = await store.db
    .selectFrom("lifecycle_counts")
    .select(["action", "table_name", "kind", "count"])
    .execute();
  const oldestAt = oldest?.oldest;
  return {
    oldestSubmissionAt: oldestAt === null || oldestAt === undefined ? null : Number(oldestAt),
    lastPurgeAt:
      purge?.last_finished_at === null || purge?.last_finished_at === undefined
        ? null
        : Number(purge.last_finished_at),
    removed: counts.map((row) => ({
      action: row.action,
      table: row.table_name,
      kind: row.kind,
      count: Number(row.count),
    })),
  };
}

/** A stored payload as fields; a damaged one reads as no fields. */
export function parsePayload(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return value as Record<string, string>;
    }
  } catch {
    // a damaged row is reported with no fields rather than stopping the command
  }
  return {};
}
