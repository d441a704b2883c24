import type { Store } from "./database.ts";
import type { EmailKind } from "./schema.ts";

/** An outbox row claimed for sending, joined with its submission. */
export interface ClaimedEmail {
  id: string;
  kind: EmailKind;
  attempts: number;
  createdAt: number;
  locale: string;
  payload: string;
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
   * REL-3: a single instance releases the leases of its dead predecessor at boot, so rows
   * claimed at the moment of a crash go out on the normal schedule. Returns the count.
   */
  async releaseLeases(): Promise<number> {
    const result = await this.#store.db
      .updateTable("outbox")
      .set({ lease_owner: null, lease_until: null })
      .where("state", "=", "pending")
      .where("lease_owner", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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

  async markSent(id: string, owner: string, nowMs: number): Promise<void> {
    await this.#settle(id, owner, { state: "sent", sent_at: nowMs, last_error: null });
  }

  async markRetry(id: string, owner: string, nextAttemptAt: number, error: string): Promise<void> {
    await this.#settle(id, owner, { next_attempt_at: nextAttemptAt, last_error: error });
  }

  async markDead(id: string, owner: string, error: string): Promise<void> {
    await this.#settle(id, owner, { state: "dead", last_error: error });
  }

  /** Records one attempt's outcome and gives up the lease, only while `owner` holds it. */
  async #settle(
    id: string,
    owner: string,
    outcome: {
      state?: "sent" | "dead";
      sent_at?: number;
      next_attempt_at?: number;
      last_error: string | null;
    },
  ): Promise<void> {
    await this.#store.db
      .updateTable("outbox")
      .set((eb) => ({
        ...outcome,
        attempts: eb("attempts", "+", 1),
        lease_owner: null,
        lease_until: null,
      }))
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .execute();
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
