import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { AddressKeys } from "../privacy/address-keys.ts";
import { subjectAddresses, withoutFriend } from "../privacy/subjects.ts";
import { type Store, writeTransaction } from "./database.ts";
import { parsePayload } from "./retention.ts";
import type { EmailKind, SubmissionKind, SubmissionStatus } from "./schema.ts";

/** A validated submission ready to be stored. */
export interface NewSubmission {
  kind: SubmissionKind;
  locale: string;
  /** The validated fields only (never unknown request keys). */
  payload: Readonly<Record<string, string>>;
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
 *
 * Addresses are compared through their keyed hashes (`keys`), never in clear text, so the
 * per-recipient limit still holds once a delivered referral has lost the friend's address.
 * A referral that queues no email (the friend was emailed lately) is stored without the
 * friend's name and address at all: nothing would ever use them.
 */
export async function recordSubmission(
  store: Store,
  submission: NewSubmission,
  policy: RecordPolicy,
  keys: AddressKeys,
): Promise<RecordOutcome> {
  const fingerprint = fingerprintOf(submission, keys);
  const addresses = subjectAddresses(submission.kind, submission.payload);
  const recipientKey = addresses.recipient === null ? null : keys.of(addresses.recipient);
  const senderKey = addresses.sender === null ? null : keys.of(addresses.sender);
  return writeTransaction(store, async (trx) => {
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
    const minimise = status === "suppressed" && submission.kind === "referral";
    const row = {
      id,
      kind: submission.kind,
      locale: submission.locale,
      payload: JSON.stringify(minimise ? withoutFriend(submission.payload) : submission.payload),
      fingerprint,
      recipient_key: recipientKey,
      sender_key: senderKey,
      status,
      created_at: policy.nowMs,
      minimised_at: minimise ? policy.nowMs : null,
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

/** The keyed hash of kind, locale and the fields in a fixed order. */
function fingerprintOf(submission: NewSubmission, keys: AddressKeys): string {
  const fields = Object.keys(submission.payload)
    .sort()
    .map((key) => [key, submission.payload[key]]);
  return keys.fingerprint(JSON.stringify([submission.kind, submission.locale, fields]));
}

/** A submission with its emails' delivery state, for the submissions command. */
export interface SubmissionReport {
  id: string;
  kind: SubmissionKind;
  locale: string;
  createdAt: number;
  status: SubmissionStatus;
  /** When the referred friend's fields left the payload (issue 49), else null. */
  minimisedAt: number | null;
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
    minimisedAt: row.minimised_at === null ? null : Number(row.minimised_at),
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
