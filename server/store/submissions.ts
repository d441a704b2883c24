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
  return store.db.transaction().execute(async (trx) => {
    if (store.dialect === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`.execute(trx);
      if (submission.recipientKey !== null) {
        await sql`select pg_advisory_xact_lock(hashtext(${submission.recipientKey}))`.execute(trx);
      }
    }
    const duplicate = await trx
      .selectFrom("submissions")
      .select("id")
      .where("fingerprint", "=", fingerprint)
      .where("created_at", ">", policy.nowMs - policy.duplicateWindowMs)
      .limit(1)
      .executeTakeFirst();
    if (duplicate) return "duplicate";

    let status: SubmissionStatus = "queued";
    if (submission.recipientKey !== null) {
      const earlier = await trx
        .selectFrom("submissions")
        .select("id")
        .where("recipient_key", "=", submission.recipientKey)
        .where("status", "=", "queued")
        .where("created_at", ">", policy.nowMs - policy.recipientWindowMs)
        .limit(1)
        .executeTakeFirst();
      if (earlier) status = "suppressed";
    }

    const id = randomUUID();
    await trx
      .insertInto("submissions")
      .values({
        id,
        kind: submission.kind,
        locale: submission.locale,
        payload: JSON.stringify(submission.payload),
        fingerprint,
        recipient_key: submission.recipientKey,
        status,
        created_at: policy.nowMs,
      })
      .execute();
    if (status === "queued" && submission.emails.length > 0) {
      await trx
        .insertInto("outbox")
        .values(
          submission.emails.map((kind) => ({
            id: randomUUID(),
            submission_id: id,
            kind,
            state: "pending" as const,
            next_attempt_at: policy.nowMs,
            created_at: policy.nowMs,
          })),
        )
        .execute();
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
