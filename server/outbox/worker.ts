import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type ComposeOptions, composeEmail, MalformedEmailError } from "../mail/compose.ts";
import { type MailTransport, SEND_CONCURRENCY, SEND_DEADLINE_MS } from "../mail/transport.ts";
import { mapLimit } from "../map-limit.ts";
import type { ClaimedEmail, OutboxRepository } from "../store/outbox.ts";
import type { EmailKind } from "../store/schema.ts";
import { classifySendError, describeSendError } from "./classify.ts";
import { type RetrySchedule, retryDelayMs } from "./schedule.ts";

/** REL-3: a claim lasts 5 minutes, longer than any send can take with the SMTP timeouts. */
const LEASE_MS = 5 * 60_000;
/** REL-3: after a database error the worker pauses instead of retrying in a tight loop. */
const DB_ERROR_PAUSE_MS = 2000;
/** How often an idle worker looks for due rows (new posts also wake it at once). */
const POLL_MS = 1000;
/**
 * Several instances (issue 16): a worker renews its heartbeat this often; without a renewal
 * for HEARTBEAT_TTL_MS it counts as dead and other instances release its leases.
 */
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TTL_MS = 20_000;
/** Rows claimed per round. */
const BATCH = 16;

const HOUR_MS = 60 * 60_000;

const PARTNER_KINDS: readonly EmailKind[] = ["partner-notify", "partner-ack"];
const ALL_KINDS: readonly EmailKind[] = ["referral", ...PARTNER_KINDS];

export interface WorkerOptions {
  outbox: OutboxRepository;
  transport: MailTransport;
  compose: ComposeOptions;
  schedule: RetrySchedule;
  /** SEC-3 global circuit breaker: referral emails per rolling hour. */
  referralMailPerHour: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  pollMs?: number;
  /**
   * The deployment slot this process fills (INSTANCE_ID), stable across its restarts; a
   * fresh random name when absent, so two unnamed instances never take each other's leases.
   */
  instance?: string;
  /**
   * True when this is the only worker on its database (SQLite): at boot every other
   * owner's lease belongs to a dead predecessor and is released at once.
   */
  exclusive: boolean;
  heartbeatMs?: number;
  heartbeatTtlMs?: number;
  /** Counters for the metrics endpoint. */
  events?: WorkerEvents;
}

/** What the worker reports as it goes (the metrics count these). */
interface WorkerEvents {
  sent(kind: EmailKind): void;
  /** A failed attempt, by its class (transient: retried; permanent: dead-lettered). */
  smtpError(kind: EmailKind, failure: "transient" | "permanent"): void;
  deadLettered(kind: EmailKind): void;
}

/**
 * The outbox worker (REL-3): claims due rows with a lease, sends them one at a time through
 * the transport, and records the outcome: sent; retried on the back-off schedule after a
 * transient failure; dead-lettered after a permanent one or 72 h. One bad row never blocks
 * the others. After an SMTP outage it probes every `schedule.capMs` and, on the first
 * success, makes every waiting email due at once. Referral emails beyond the hourly
 * circuit breaker stay queued (and an alert is logged) until the hour allows them.
 */
export class OutboxWorker {
  readonly #options: WorkerOptions;
  readonly #owner = randomUUID();
  readonly #instance: string;
  readonly #now: () => number;
  #heartbeat: NodeJS.Timeout | null = null;
  #heartbeating: Promise<void> | null = null;
  /** When the last heartbeat was written; a worker that cannot renew it stops sending. */
  #aliveSince = 0;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #wakeRequested = false;
  #smtpFailing = false;
  #lastAttemptAt = 0;
  #held = false;

  constructor(options: WorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#instance = options.instance ?? `anonymous-${this.#owner}`;
  }

  /** The value this worker writes as `lease_owner`. */
  get owner(): string {
    return this.#owner;
  }

  /**
   * Announces itself with a heartbeat, releases the leases of dead owners (REL-3), then
   * starts the loop and keeps the heartbeat (and the release of dead owners' leases) going.
   */
  async start(): Promise<void> {
    if (this.#running) return;
    const { outbox, log } = this.#options;
    await this.#beat();
    if (this.#options.exclusive) {
      const released = await outbox.releaseAllLeasesExcept(this.#owner);
      if (released > 0)
        log.info({ released }, "outbox: released leases left by the previous process");
    }
    this.#running = true;
    this.#loop = this.#run();
    this.#heartbeat = setInterval(() => {
      this.#heartbeating ??= this.#beat()
        .catch((error: unknown) => {
          log.warn({ err: safeError(error) }, "outbox: heartbeat failed");
        })
        .finally(() => {
          this.#heartbeating = null;
        });
    }, this.#options.heartbeatMs ?? HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Renews this worker's heartbeat, then releases leases whose owners are dead. */
  async #beat(): Promise<void> {
    const { outbox, log } = this.#options;
    const now = this.#now();
    const started = performance.now();
    await outbox.heartbeat(this.#owner, this.#instance, now, now + this.#ttl());
    this.#aliveSince = started;
    const released = await outbox.releaseStaleLeases(this.#owner, this.#instance, now);
    if (released > 0) log.info({ released }, "outbox: released leases of stopped workers");
  }

  #ttl(): number {
    return this.#options.heartbeatTtlMs ?? HEARTBEAT_TTL_MS;
  }

  /**
   * False once this worker's heartbeat is close to expiring (the database is unreachable
   * for it): other instances may soon release its leases, so it must not start a send.
   */
  #isAlive(): boolean {
    const margin = this.#options.heartbeatMs ?? HEARTBEAT_MS;
    // Real elapsed time, not `now`: this is about this process's link to the database.
    return performance.now() - this.#aliveSince < this.#ttl() - margin;
  }

  /** Looks for work now (a new submission was committed). */
  notify(): void {
    this.#wakeRequested = true;
    this.#wake?.();
  }

  /** Stops claiming; resolves once the email being sent (if any) is finished and recorded. */
  async stop(): Promise<void> {
    const wasRunning = this.#running;
    this.#running = false;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    this.#wake?.();
    await this.#loop;
    await this.#heartbeating;
    // Its leases are settled or released by now: other instances need not wait for the TTL.
    if (wasRunning) await this.#options.outbox.retire(this.#owner).catch(() => {});
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let pause = this.#options.pollMs ?? POLL_MS;
      try {
        const worked = await this.#round();
        if (worked) pause = 0;
      } catch (error) {
        this.#options.log.error({ err: safeError(error) }, "outbox: database error, pausing");
        pause = DB_ERROR_PAUSE_MS;
      }
      if (pause > 0 && this.#running) await this.#sleep(pause);
    }
  }

  /** One claim-and-send round; true when it attempted at least one email. */
  async #round(): Promise<boolean> {
    const { outbox, schedule } = this.#options;
    const now = this.#now();
    const kinds = await this.#claimableKinds(now);
    const claim = (limit: number, dueBy?: number) =>
      outbox.claim({
        owner: this.#owner,
        nowMs: now,
        leaseUntil: now + LEASE_MS,
        kinds: kinds.all,
        limit,
        ...(dueBy === undefined ? {} : { dueBy }),
      });
    let rows = await claim(BATCH);
    // Probe a failing SMTP server at the capped pace with one email, even when every row is
    // backing off; success makes the rest due at once.
    if (rows.length === 0 && this.#smtpFailing && now - this.#lastAttemptAt >= schedule.capMs) {
      rows = await claim(1, Number.POSITIVE_INFINITY);
    }
    rows = this.#withinBreaker(rows, kinds.referralBudget);
    if (rows.length === 0) return false;
    const unsent: string[] = [];
    await mapLimit(rows, SEND_CONCURRENCY, async (row) => {
      if (this.#running && this.#isAlive()) await this.#deliver(row);
      else unsent.push(row.id);
    });
    // Stopping (or cut off from the database): rows claimed but not attempted go back, due
    // at once for the next worker.
    if (unsent.length > 0) await outbox.release(unsent, this.#owner);
    return true;
  }

  /** Kinds that may be claimed now, and how many referral emails the breaker still allows. */
  async #claimableKinds(now: number) {
    const sent = await this.#options.outbox.countSentSince("referral", now - HOUR_MS);
    const referralBudget = Math.max(0, this.#options.referralMailPerHour - sent);
    if (referralBudget === 0 && !this.#held) {
      const waiting = await this.#options.outbox.countPending(["referral"]);
      if (waiting > 0) {
        this.#held = true;
        this.#options.log.error(
          { alert: "referral-circuit-breaker", sentLastHour: sent, waiting },
          "outbox: referral email limit per hour reached, holding referral emails",
        );
      }
    } else if (referralBudget > 0 && this.#held) {
      this.#held = false;
      this.#options.log.info("outbox: referral emails flowing again");
    }
    return { all: referralBudget > 0 ? ALL_KINDS : PARTNER_KINDS, referralBudget };
  }

  /** Keeps at most `budget` referral rows of a claimed batch; releases the rest. */
  #withinBreaker(rows: ClaimedEmail[], budget: number): ClaimedEmail[] {
    let left = budget;
    const kept: ClaimedEmail[] = [];
    const dropped: string[] = [];
    for (const row of rows) {
      if (row.kind !== "referral") kept.push(row);
      else if (left > 0) {
        left -= 1;
        kept.push(row);
      } else dropped.push(row.id);
    }
    if (dropped.length > 0) void this.#options.outbox.release(dropped, this.#owner).catch(() => {});
    return kept;
  }

  async #deliver(row: ClaimedEmail): Promise<void> {
    const { outbox, transport, compose, schedule, log } = this.#options;
    let email: ReturnType<typeof composeEmail>;
    try {
      email = composeEmail(row, compose);
    } catch (error) {
      const reason = error instanceof MalformedEmailError ? "EMALFORMED" : "ECOMPOSE";
      log.error(
        {
          alert: "outbox-dead-letter",
          outboxId: row.id,
          submissionId: row.submissionId,
          kind: row.kind,
          reason,
        },
        "outbox: cannot build email, dead-lettered",
      );
      await outbox.markDead(row, this.#owner, this.#now(), reason);
      this.#options.events?.deadLettered(row.kind);
      return;
    }
    // Issue 49: the last check before SMTP. An erasure may have removed the row since it was
    // claimed; then nothing is sent. Once marked, an erasure waits for this attempt to end.
    if (!(await outbox.markSending(row.id, this.#owner, this.#now()))) {
      log.info({ outboxId: row.id, kind: row.kind }, "outbox: email withdrawn before sending");
      return;
    }
    this.#lastAttemptAt = this.#now();
    try {
      await withDeadline(transport.send(email), SEND_DEADLINE_MS);
    } catch (error) {
      const failure = error as { code?: unknown; responseCode?: unknown; command?: unknown };
      const description = describeSendError(failure);
      const now = this.#now();
      const kind = classifySendError(failure);
      const delay =
        kind === "permanent" ? null : retryDelayMs(schedule, row.attempts + 1, now - row.createdAt);
      this.#options.events?.smtpError(row.kind, kind);
      if (delay === null) {
        // Issue 16: the submission id lets an operator find the lead; no personal data here.
        log.error(
          {
            alert: "outbox-dead-letter",
            outboxId: row.id,
            submissionId: row.submissionId,
            kind: row.kind,
            attempts: row.attempts + 1,
            error: description,
          },
          "outbox: email given up (dead letter)",
        );
        await outbox.markDead(row, this.#owner, now, description);
        this.#options.events?.deadLettered(row.kind);
      } else {
        // Start probing: when SMTP answers again, everything waiting goes at once.
        this.#smtpFailing = true;
        log.warn(
          {
            outboxId: row.id,
            kind: row.kind,
            attempts: row.attempts + 1,
            retryInMs: delay,
            error: description,
          },
          "outbox: send failed, will retry",
        );
        await outbox.markRetry(
          row,
          this.#owner,
          now,
          now + delay,
          description,
          error instanceof SendDeadlineError,
        );
      }
      return;
    }
    const now = this.#now();
    await outbox.markSent(row, this.#owner, now);
    this.#options.events?.sent(row.kind);
    // No address, not even masked (PRIV-5): the outbox id finds the row.
    log.info(
      { outboxId: row.id, kind: row.kind, attempts: row.attempts + 1 },
      "outbox: email sent",
    );
    if (this.#smtpFailing) {
      this.#smtpFailing = false;
      const due = await outbox.makeAllDue(now);
      if (due > 0) log.info({ due }, "outbox: SMTP is back, sending waiting emails now");
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakeRequested) {
      this.#wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#wake = null;
        self.#wakeRequested = false;
        resolve();
      }
      this.#wake = done;
    });
  }
}

/** A send abandoned at its deadline: it may still be going on, unlike a failed one. */
class SendDeadlineError extends Error {
  override name = "SendDeadlineError";
  readonly code = "ETIMEDOUT";
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendDeadlineError("send deadline")), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Logs a database error by code and message only; SQL text can carry submitted values. */
function safeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, code: typeof code === "string" ? code : undefined };
}
