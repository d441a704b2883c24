import { createHash, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Store } from "./database.ts";
import type { EmailKind, SubmissionKind, SubmissionStatus } from "./schema.ts";

/** A validated submission ready to be stored. */
export interface NewSubmission {
  kind: SubmissionKind;
  locale: string;
  /** The validated fields only (never unknown request keys). */
  payload: Readonly<Record<string, string>>;
  /** Lower-cased recipient for the per-recipient limit (referrals), else null. */
  recipientKey: string | null;
  /** The emails this submission sends, one outbox row each. */
  emails: readonly EmailKind[];
}

export interface RecordPolicy {
  nowMs: number;
  /** An identical submission within this is acknowledged without storing it again. */
  duplicateWindowMs: number;
  /** A recipient already emailed within this gets no second email (the post is still stored). */
  recipientWindowMs: number;
}

/** `stored`: new row and its emails queued; `suppressed`: stored, no email; `duplicate`: nothing new. */
export type RecordOutcome = SubmissionStatus | "duplicate";

/**
 * Stores a submission and its outbox rows in ONE transaction (REL-1), so a 200 sent after
 * this resolves means both are durable. Applies the idempotency window and the
 * per-recipient limit of SEC-3 inside the same transaction; PostgreSQL takes advisory
 * locks so two concurrent identical posts cannot both pass the checks. Any storage error
 * propagates (the route answers 503).
 */
export async function recordSubmission(
  store: Store,
  submission: NewSubmission,
  policy: RecordPolicy,
): Promise<RecordOutcome> {
  const fingerprint = fingerprintOf(submission);
  const { recipientKey } = submission;
  return store.db.transaction().execute(async (trx) => {
    if (store.dialect === "postgres") {
      // Both locks in one round trip, in the same order as before (fingerprint first). The
      // checks below must be a later statement: a statement's snapshot is taken before it
      // waits for a lock, so it could miss the row the previous holder just committed.
      await (recipientKey === null
        ? sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`
        : sql`select pg_advisory_xact_lock(hashtext(${fingerprint})), pg_advisory_xact_lock(hashtext(${recipientKey}))`
      ).execute(trx);
    }
    // The duplicate window and the per-recipient limit in one query.
    const checks = await trx
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom("submissions")
              .select("id")
              .where("fingerprint", "=", fingerprint)
              .where("created_at", ">", policy.nowMs - policy.duplicateWindowMs),
          )
          .as("duplicate"),
        (recipientKey === null
          ? eb.lit(false)
          : eb.exists(
              eb
                .selectFrom("submissions")
                .select("id")
                .where("recipient_key", "=", recipientKey)
                .where("status", "=", "queued")
                .where("created_at", ">", policy.nowMs - policy.recipientWindowMs),
            )
        ).as("recipientEmailed"),
      ])
      .executeTakeFirstOrThrow();
    // SQLite answers 0/1, PostgreSQL booleans.
    if (checks.duplicate) return "duplicate";
    const status: SubmissionStatus = checks.recipientEmailed ? "suppressed" : "queued";

    const id = randomUUID();
    const row = {
      id,
      kind: submission.kind,
      locale: submission.locale,
      payload: JSON.stringify(submission.payload),
      fingerprint,
      recipient_key: recipientKey,
      status,
      created_at: policy.nowMs,
    };
    const emails =
      status === "queued"
        ? submission.emails.map((kind) => ({
            id: randomUUID(),
            submission_id: id,
            kind,
            state: "pending" as const,
            next_attempt_at: policy.nowMs,
            created_at: policy.nowMs,
          }))
        : [];
    if (store.dialect === "postgres" && emails.length > 0) {
      // One statement, one round trip: the submission in a data-modifying CTE, its outbox
      // rows in the main insert (the foreign keys are checked at the end of the statement).
      await trx
        .with("submission", (db) => db.insertInto("submissions").values(row))
        .insertInto("outbox")
        .values(emails)
        .execute();
    } else {
      // SQLite has no data-modifying CTEs, and its statements cost no round trip.
      await trx.insertInto("submissions").values(row).execute();
      if (emails.length > 0) await trx.insertInto("outbox").values(emails).execute();
    }
    return status;
  });
}

/** SHA-256 over kind, locale and the fields in a fixed order. */
function fingerprintOf(submission: NewSubmission): string {
  const fields = Object.keys(submission.payload)
    .sort()
    .map((key) => [key, submission.payload[key]]);
  return createHash("sha256")
    .update(JSON.stringify([submission.kind, submission.locale, fields]))
    .digest("hex");
}

/** A submission with its emails' delivery state, for the submissions command. */
export interface SubmissionReport {
  id: string;
  kind: SubmissionKind;
  locale: string;
  createdAt: number;
  status: SubmissionStatus;
  payload: Record<string, string>;
  emails: {
    kind: EmailKind;
    state: string;
    attempts: number;
    sentAt: number | null;
    lastError: string | null;
  }[];
}

/** Every stored submission, oldest first, with its outbox rows. */
export async function listSubmissions(store: Store): Promise<SubmissionReport[]> {
  const submissions = await store.db
    .selectFrom("submissions")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const emails = await store.db
    .selectFrom("outbox")
    .select(["submission_id", "kind", "state", "attempts", "sent_at", "last_error"])
    .orderBy("created_at")
    .orderBy("kind")
    .execute();
  const bySubmission = new Map<string, typeof emails>();
  for (const email of emails) {
    const list = bySubmission.get(email.submission_id) ?? [];
    list.push(email);
    bySubmission.set(email.submission_id, list);
  }
  return submissions.map((row) => ({
    id: row.id,
    kind: row.kind,
    locale: row.locale,
    createdAt: Number(row.created_at),
    status: row.status,
    payload: parsePayload(row.payload),
    emails: (bySubmission.get(row.id) ?? []).map((email) => ({
      kind: email.kind,
      state: email.state,
      attempts: email.attempts,
      sentAt: email.sent_at === null ? null : Number(email.sent_at),
      lastError: email.last_error,
    })),
  }));
}

function parsePayload(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object") return value as Record<string, string>;
  } catch {
    // a damaged row is listed with an empty payload rather than stopping the listing
  }
  return {};
}
