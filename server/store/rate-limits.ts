import { sql } from "kysely";
import { decide, type HitLimiter, type Limit, type LimitDecision } from "../routes/rate-limiter.ts";
import type { Store } from "./database.ts";

/** Expired hits are swept at most this often (each sweep is one indexed delete). */
const SWEEP_EVERY_MS = 60_000;

/**
 * SEC-3 across instances (issue 16): the per-IP sliding windows of `RateLimiter`, kept in
 * the shared database so N instances behind a load balancer give a client the limit once,
 * not N times. One transaction per post: an advisory lock on the key serialises the posts
 * of one client across instances, the key's hits inside the longest window decide, and an
 * allowed hit is recorded. Refused hits are not recorded, so a flood costs one short
 * transaction per request and no storage. Round trips per allowed hit: begin, lock, read,
 * insert, commit (the lock must be its own statement: a statement's snapshot is taken
 * before it waits for the lock, so a read in the same statement could miss the hit the
 * previous holder just committed).
 */
export class SharedRateLimiter implements HitLimiter {
  readonly #store: Store;
  readonly #limits: readonly Limit[];
  readonly #keep: number;
  readonly #longestMs: number;
  #lastSweep = 0;

  constructor(store: Store, limits: readonly Limit[]) {
    if (store.dialect !== "postgres") {
      throw new Error("SharedRateLimiter needs PostgreSQL; one SQLite instance keeps memory");
    }
    this.#store = store;
    this.#limits = limits;
    this.#keep = Math.max(...limits.map((limit) => limit.max));
    this.#longestMs = Math.max(...limits.map((limit) => limit.windowMs));
  }

  async hit(key: string, nowMs: number): Promise<LimitDecision> {
    const decision = await this.#store.db.transaction().execute(async (trx) => {
      // A hit is not an acknowledged submission (REL-1 does not apply): losing the last few
      // in a crash only loosens a limit for a moment, so this commit skips the WAL flush
      // that every post would otherwise wait for a second time.
      // One round trip for both: set_config(..., true) is `set local`.
      await sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(hashtext(${`rate|${key}`}))`.execute(
        trx,
      );
      const recent = await trx
        .selectFrom("rate_limit_hits")
        .select("at")
        .where("key", "=", key)
        .where("at", ">", nowMs - this.#longestMs)
        .orderBy("at", "desc")
        .limit(this.#keep)
        .execute();
      const hits = recent.map((row) => Number(row.at)).reverse();
      const answer = decide(this.#limits, hits, nowMs);
      if (answer.allowed) {
        await trx.insertInto("rate_limit_hits").values({ key, at: nowMs }).execute();
        // Only the newest `keep` hits can ever decide: older ones of this key go now.
        const oldestKept = hits.length >= this.#keep ? hits[hits.length - this.#keep + 1] : null;
        if (oldestKept !== null && oldestKept !== undefined) {
          await trx
            .deleteFrom("rate_limit_hits")
            .where("key", "=", key)
            .where("at", "<", oldestKept)
            .execute();
        }
      }
      return answer;
    });
    if (nowMs - this.#lastSweep >= SWEEP_EVERY_MS) {
      this.#lastSweep = nowMs;
      await this.#store.db
        .deleteFrom("rate_limit_hits")
        .where("at", "<=", nowMs - this.#longestMs)
        .execute();
    }
    return decision;
  }
}
