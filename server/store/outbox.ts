import { type Store, writeTransaction } from "./database.ts";
import { minimiseReferral } from "./retention.ts";
import type { EmailKind } from "./schema.ts";

const DAY_MS = 24 * 60 * 60_000;

/** An outbox row claimed for sending, joined with its submission. */
export interface ClaimedEmail {
  id: string;
  submissionId: string;
  kind: EmailKind;
  attempts: number;
  createdAt: number;
  locale: string;
  payload: string;
}

/** The parts of a claimed row that settling it needs. */
type SettledEmail = Pick<ClaimedEmail, "id" | "kind" | "submissionId">;

/** Outbox figures for the metrics endpoint. */
export interface OutboxStats {
  pending: number;
  retrying: number;
  dead: number;
  oldestPendingCreatedAt: number | null;
}

/**
 * The outbox queries the worker needs. Every state change is guarded by the lease owner,
 * so an instance whose lease expired cannot overwrite another instance's work (REL-3).
 */
export class OutboxRepository {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * REL-3, one instance per database (SQLite is a single writer): at boot every lease held
   * by another owner belongs to a dead predecessor, so all of them are released and rows
   * claimed at the moment of a crash go out on the normal schedule. Returns the count.
   */
  async releaseAllLeasesExcept(owner: string): Promise<number> {
    const result = await this.#store.db
      .updateTable("outbox")
      .set({ lease_owner: null, lease_until: null })
      .where("state", "=", "pending")
      .where("lease_owner", "is not", null)
      .where("lease_owner", "!=", owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Records that `owner` (a worker of `instance`) is alive until `aliveUntil`. Owners that
   * stopped heartbeating a day ago are forgotten.
   */
  async heartbeat(owner: string, instance: string, nowMs: number, aliveUntil: number) {
    const db = this.#store.db;
    await db
      .insertInto("outbox_workers")
      .values({ owner, instance, alive_until: aliveUntil })
      .onConflict((conflict) => conflict.column("owner").doUpdateSet({ alive_until: aliveUntil }))
      .execute();
    await db
      .deleteFrom("outbox_workers")
      .where("alive_until", "<", nowMs - DAY_MS)
      .execute();
  }

  /**
   * Several instances on one database: releases only leases that no live worker holds.
   * A lease is released when its owner's heartbeat has expired (or was never written), or
   * when its owner is an earlier process of the same `instance` (this process replaced it,
   * so it is dead). A live worker of another instance keeps its leases; `owner`'s own are
   * never touched. Returns the count.
   *
   * The dead owners are named first and released by name in a second statement. One
   * UPDATE that tests liveness in a subquery is wrong on PostgreSQL: under READ COMMITTED
   * the subquery keeps the statement's snapshot while a row the UPDATE waited for is
   * re-read at its newest version, so a worker that started after the snapshot (and then
   * claimed that row) looks dead, and the row it is sending is released to another
   * instance, which sends it again. A worker only claims after its heartbeat commits, so
   * any owner seen holding a lease without a live heartbeat is really dead.
   */
  async releaseStaleLeases(owner: string, instance: string, nowMs: number): Promise<number> {
    const db = this.#store.db;
    const dead = await db
      .selectFrom("outbox")
      .select("lease_owner")
      .distinct()
      .where("state", "=", "pending")
      .where("lease_owner", "is not", null)
      .where("lease_owner", "!=", owner)
      .where((eb) =>
        eb.or([
          eb(
            "lease_owner",
            "not in",
            eb.selectFrom("outbox_workers").select("owner").where("alive_until", ">=", nowMs),
          ),
          eb(
            "lease_owner",
            "in",
            eb
              .selectFrom("outbox_workers")
              .select("owner")
              .where("instance", "=", instance)
              .where("owner", "!=", owner),
          ),
        ]),
      )
      .execute();
    const deadOwners = dead.flatMap((row) => (row.lease_owner === null ? [] : [row.lease_owner]));
    let released = 0;
    if (deadOwners.length > 0) {
      const result = await db
        .updateTable("outbox")
        .set({ lease_owner: null, lease_until: null })
        .where("state", "=", "pending")
        .where("lease_owner", "in", deadOwners)
        .executeTakeFirst();
      released = Number(result.numUpdatedRows);
    }
    // The replaced processes of this instance are dead: forget them.
    await db
      .deleteFrom("outbox_workers")
      .where("instance", "=", instance)
      .where("owner", "!=", owner)
      .execute();
    return released;
  }

  /** A worker that stops cleanly removes its heartbeat (its leases are already given back). */
  async retire(owner: string): Promise<void> {
    await this.#store.db.deleteFrom("outbox_workers").where("owner", "=", owner).execute();
  }

  /**
   * Leases up to `limit` due rows of the given kinds to `owner` until `leaseUntil`, oldest
   * due first. With `dueBy` set to +Infinity it takes the earliest pending rows whatever
   * their schedule (the probe after an SMTP outage).
   */
  async claim(options: {
    owner: string;
    nowMs: number;
    leaseUntil: number;
    kinds: readonly EmailKind[];
    limit: number;
    dueBy?: number;
  }): Promise<ClaimedEmail[]> {
    const { owner, nowMs, leaseUntil, kinds, limit } = options;
    if (limit <= 0 || kinds.length === 0) return [];
    const dueBy = options.dueBy ?? nowMs;
    const db = this.#store.db;
    const claimable = (query: ReturnType<typeof db.updateTable<"outbox">>) =>
      query
        .where("state", "=", "pending")
        .where("kind", "in", kinds)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowMs)]));
    const ids = db
      .selectFrom("outbox")
      .select("id")
      .where("state", "=", "pending")
      .where("kind", "in", kinds)
      .where("next_attempt_at", "<=", Number.isFinite(dueBy) ? dueBy : Number.MAX_SAFE_INTEGER)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowMs)]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit);
    if (this.#store.dialect === "postgres") {
      // Concurrent claims from other instances skip the rows this one is taking instead of
      // waiting for them. One statement, one round trip: the claim in a data-modifying CTE,
      // joined with the submissions for the emails' content.
      const rows = await db
        .with("claimed", (qc) =>
          claimable(qc.updateTable("outbox"))
            .set({ lease_owner: owner, lease_until: leaseUntil })
            .where("id", "in", ids.forUpdate().skipLocked())
            .returning([
              "id",
              "submission_id",
              "kind",
              "attempts",
              "created_at",
              "next_attempt_at",
            ]),
        )
        .selectFrom("claimed")
        .innerJoin("submissions", "submissions.id", "claimed.submission_id")
        .select([
          "claimed.id as id",
          "claimed.submission_id as submissionId",
          "claimed.kind as kind",
          "claimed.attempts as attempts",
          "claimed.created_at as createdAt",
          "submissions.locale as locale",
          "submissions.payload as payload",
        ])
        .orderBy("claimed.next_attempt_at")
        .orderBy("claimed.id")
        .execute();
      return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
    }
    // SQLite has a single writer (nothing to skip) and no data-modifying CTEs.
    const claimed = await claimable(db.updateTable("outbox"))
      .set({ lease_owner: owner, lease_until: leaseUntil })
      .where("id", "in", ids)
      .returning("id")
      .execute();
    if (claimed.length === 0) return [];
    const rows = await db
      .selectFrom("outbox")
      .innerJoin("submissions", "submissions.id", "outbox.submission_id")
      .select([
        "outbox.id as id",
        "outbox.submission_id as submissionId",
        "outbox.kind as kind",
        "outbox.attempts as attempts",
        "outbox.created_at as createdAt",
        "submissions.locale as locale",
        "submissions.payload as payload",
      ])
      .where(
        "outbox.id",
        "in",
        claimed.map((row) => row.id),
      )
      .where("outbox.lease_owner", "=", owner)
      .orderBy("outbox.next_attempt_at")
      .orderBy("outbox.id")
      .execute();
    return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
  }

  /**
   * The compare-and-set just before a send (issue 49): marks the row as being handed to
   * SMTP, only while `owner` holds its lease and it is still pending. False when the row
   * is gone (erased) or no longer this owner's: the email must not be sent. An erasure
   * waits for a marked row instead of deleting it under the send (`eraseSubmissions`).
   */
  async markSending(id: string, owner: string, nowMs: number): Promise<boolean> {
    const result = await this.#store.db
      .updateTable("outbox")
      .set({ sending_since: nowMs })
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markSent(email: SettledEmail, owner: string, nowMs: number): Promise<boolean> {
    return this.#settle(email, owner, nowMs, {
      state: "sent",
      sent_at: nowMs,
      last_error: null,
      sending_since: null,
    });
  }

  /**
   * A failed attempt, tried again at `nextAttemptAt`. `mayStillBeSending`: the send was
   * abandoned at its deadline rather than failed, so it may still reach SMTP; the row keeps
   * its send mark, which an erasure respects until the send window has passed.
   */
  async markRetry(
    email: SettledEmail,
    owner: string,
    nowMs: number,
    nextAttemptAt: number,
    error: string,
    mayStillBeSending = false,
  ): Promise<boolean> {
    return this.#settle(email, owner, nowMs, {
      next_attempt_at: nextAttemptAt,
      last_error: error,
      ...(mayStillBeSending ? {} : { sending_since: null }),
    });
  }

  async markDead(
    email: SettledEmail,
    owner: string,
    nowMs: number,
    error: string,
  ): Promise<boolean> {
    return this.#settle(email, owner, nowMs, {
      state: "dead",
      last_error: error,
      sending_since: null,
    });
  }

  /**
   * Records one attempt's outcome and gives up the lease, only while `owner` holds it. A
   * referral that is sent or given up no longer needs the friend's name and address: they
   * leave the payload in the same transaction (issue 49). False when the row was not this
   * owner's any more (erased, or released to another instance).
   */
  async #settle(
    email: SettledEmail,
    owner: string,
    nowMs: number,
    outcome: {
      state?: "sent" | "dead";
      sent_at?: number;
      next_attempt_at?: number;
      last_error: string | null;
      sending_since?: null;
    },
  ): Promise<boolean> {
    const update = (db: Store["db"]) =>
      db
        .updateTable("outbox")
        .set((eb) => ({
          ...outcome,
          attempts: eb("attempts", "+", 1),
          lease_owner: null,
          lease_until: null,
        }))
        .where("id", "=", email.id)
        .where("lease_owner", "=", owner)
        .executeTakeFirst();
    if (email.kind !== "referral" || outcome.state === undefined) {
      return Number((await update(this.#store.db)).numUpdatedRows) === 1;
    }
    return writeTransaction(this.#store, async (trx) => {
      const settled = Number((await update(trx)).numUpdatedRows) === 1;
      if (settled) await minimiseReferral(trx, email.submissionId, nowMs);
      return settled;
    });
  }

  /** Gives back rows claimed but not attempted (shutdown), due at once. */
  async release(ids: readonly string[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.#store.db
      .updateTable("outbox")
      .set({ lease_owner: null, lease_until: null })
      .where("id", "in", ids)
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** After SMTP comes back, every waiting email becomes due now instead of at its back-off. */
  async makeAllDue(nowMs: number): Promise<number> {
    const result = await this.#store.db
      .updateTable("outbox")
      .set({ next_attempt_at: nowMs })
      .where("state", "=", "pending")
      .where("next_attempt_at", ">", nowMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Emails of `kind` sent since `sinceMs` (the global circuit breaker). */
  async countSentSince(kind: EmailKind, sinceMs: number): Promise<number> {
    const row = await this.#store.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("kind", "=", kind)
      .where("sent_at", ">", sinceMs)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * What an operator watches (issue 16): pending emails (of which `retrying` failed at
   * least once), dead letters, and when the oldest pending one was created.
   */
  async stats(): Promise<OutboxStats> {
    const rows = await this.#store.db
      .selectFrom("outbox")
      .select((eb) => [
        "state",
        eb.fn.countAll<number | string>().as("count"),
        eb.fn
          .sum<number | string | null>(eb.case().when("attempts", ">", 0).then(1).else(0).end())
          .as("retrying"),
        eb.fn.min<number | string | null>("created_at").as("oldest"),
      ])
      .where("state", "in", ["pending", "dead"])
      .groupBy("state")
      .execute();
    const pending = rows.find((row) => row.state === "pending");
    const dead = rows.find((row) => row.state === "dead");
    return {
      pending: Number(pending?.count ?? 0),
      retrying: Number(pending?.retrying ?? 0),
      dead: Number(dead?.count ?? 0),
      oldestPendingCreatedAt:
        pending?.oldest === null || pending?.oldest === undefined ? null : Number(pending.oldest),
    };
  }

  /** Pending rows of the given kinds, due or not. */
  async countPending(kinds: readonly EmailKind[]): Promise<number> {
    const row = await this.#store.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("state", "=", "pending")
      .where("kind", "in", kinds)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
