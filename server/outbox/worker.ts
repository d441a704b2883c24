import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type ComposeOptions, composeEmail, MalformedEmailError } from "../mail/compose.ts";
import { maskEmail } from "../mail/mask.ts";
import { type MailTransport, SEND_CONCURRENCY } from "../mail/transport.ts";
import { mapLimit } from "../map-limit.ts";
import type { ClaimedEmail, OutboxRepository } from "../store/outbox.ts";
import type { EmailKind } from "../store/schema.ts";
import { classifySendError, describeSendError } from "./classify.ts";
import { type RetrySchedule, retryDelayMs } from "./schedule.ts";

/** REL-3: a claim lasts 5 minutes, longer than any send can take with the SMTP timeouts. */
export const LEASE_MS = 5 * 60_000;
/** REL-3: after a database error the worker pauses instead of retrying in a tight loop. */
export const DB_ERROR_PAUSE_MS = 2000;
/** How often an idle worker looks for due rows (new posts also wake it at once). */
export const POLL_MS = 1000;
/** Rows claimed per round. */
const BATCH = 16;

/** A send that has not settled after this counts as a transient failure. */
const SEND_DEADLINE_MS = 2 * 60_000;
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
  readonly #now: () => number;
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
  }

  /** Releases the leases of a dead predecessor, then starts the loop. */
  async start(): Promise<void> {
    if (this.#running) return;
    const released = await this.#options.outbox.releaseLeases();
    if (released > 0)
      this.#options.log.info({ released }, "outbox: released leases left by the previous process");
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Looks for work now (a new submission was committed). */
  notify(): void {
    this.#wakeRequested = true;
    this.#wake?.();
  }

  /** Stops claiming; resolves once the email being sent (if any) is finished and recorded. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
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
      if (this.#running) await this.#deliver(row);
      else unsent.push(row.id);
    });
    // Stopping: rows claimed but not attempted go back, due at once for the next process.
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
        { outboxId: row.id, kind: row.kind, reason },
        "outbox: cannot build email, dead-lettered",
      );
      await outbox.markDead(row.id, this.#owner, reason);
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
      if (delay === null) {
        log.error(
          {
            alert: "outbox-dead-letter",
            outboxId: row.id,
            kind: row.kind,
            to: maskEmail(email.to),
            attempts: row.attempts + 1,
            error: description,
          },
          "outbox: email given up (dead letter)",
        );
        await outbox.markDead(row.id, this.#owner, description);
      } else {
        // Start probing: when SMTP answers again, everything waiting goes at once.
        this.#smtpFailing = true;
        log.warn(
          {
            outboxId: row.id,
            kind: row.kind,
            to: maskEmail(email.to),
            attempts: row.attempts + 1,
            retryInMs: delay,
            error: description,
          },
          "outbox: send failed, will retry",
        );
        await outbox.markRetry(row.id, this.#owner, now + delay, description);
      }
      return;
    }
    const now = this.#now();
    await outbox.markSent(row.id, this.#owner, now);
    log.info(
      { outboxId: row.id, kind: row.kind, to: maskEmail(email.to), attempts: row.attempts + 1 },
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

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("send deadline"), { code: "ETIMEDOUT" })),
      ms,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Logs a database error by code and message only; SQL text can carry submitted values. */
function safeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, code: typeof code === "string" ? code : undefined };
}
