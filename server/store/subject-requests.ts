import { SEND_WINDOW_MS } from "../mail/transport.ts";
import type { AddressKeys } from "../privacy/address-keys.ts";
import { rolesOf, type SubjectRole, subjectAddresses } from "../privacy/subjects.ts";
import { type Store, writeTransaction } from "./database.ts";
import { countRemoved, parsePayload } from "./retention.ts";
import type { EmailKind, SubmissionKind, SubmissionStatus } from "./schema.ts";

/** Rows read, rewritten or deleted per transaction. */
const BATCH = 500;

/** One stored email (outbox row), every column. */
interface StoredEmail {
  id: string;
  kind: EmailKind;
  state: string;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  sentAt: number | null;
  lastError: string | null;
  leaseOwner: string | null;
  leaseUntil: number | null;
  sendingSince: number | null;
}

/** One stored submission that mentions an address, every column, with its emails. */
export interface StoredSubmission {
  id: string;
  kind: SubmissionKind;
  roles: SubjectRole[];
  locale: string;
  status: SubmissionStatus;
  createdAt: number;
  minimisedAt: number | null;
  payload: Record<string, string>;
  fingerprint: string;
  senderKey: string | null;
  recipientKey: string | null;
  emails: StoredEmail[];
}

/**
 * Fills in the keyed hashes of rows stored before issue 49: `sender_key` from the payload,
 * and `recipient_key` (then the friend's clear, lower-cased address) from the payload or
 * the old value. Idempotent: only rows without `sender_key` are touched. Returns the count.
 */
export async function backfillAddressKeys(store: Store, keys: AddressKeys): Promise<number> {
  let changed = 0;
  for (;;) {
    const count = await writeTransaction(store, async (trx) => {
      const rows = await trx
        .selectFrom("submissions")
        .select(["id", "kind", "payload", "recipient_key"])
        .where("sender_key", "is", null)
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const addresses = subjectAddresses(row.kind, parsePayload(row.payload));
        const recipient = addresses.recipient ?? row.recipient_key;
        await trx
          .updateTable("submissions")
          .set({
            // An empty key matches no address: a damaged payload is marked as done.
            sender_key: addresses.sender === null ? "" : keys.of(addresses.sender),
            recipient_key: row.kind === "referral" && recipient ? keys.of(recipient) : null,
          })
          .where("id", "=", row.id)
          .execute();
      }
      return rows.length;
    });
    changed += count;
    if (count < BATCH) return changed;
  }
}

/**
 * PRIV-3: every submission that mentions the address with `key`, in any role (referrer, friend,
 * partner), oldest first, with every stored field and every email's state and times.
 */
export async function findSubmissions(store: Store, key: string): Promise<StoredSubmission[]> {
  const rows = await store.db
    .selectFrom("submissions")
    .selectAll()
    .where((eb) => eb.or([eb("sender_key", "=", key), eb("recipient_key", "=", key)]))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (rows.length === 0) return [];
  const emails = await store.db
    .selectFrom("outbox")
    .selectAll()
    .where(
      "submission_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("created_at")
    .orderBy("kind")
    .execute();
  const number = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    roles: rolesOf(row, key),
    locale: row.locale,
    status: row.status,
    createdAt: Number(row.created_at),
    minimisedAt: number(row.minimised_at),
    payload: parsePayload(row.payload),
    fingerprint: row.fingerprint,
    senderKey: row.sender_key,
    recipientKey: row.recipient_key,
    emails: emails
      .filter((email) => email.submission_id === row.id)
      .map((email) => ({
        id: email.id,
        kind: email.kind,
        state: email.state,
        attempts: email.attempts,
        createdAt: Number(email.created_at),
        nextAttemptAt: Number(email.next_attempt_at),
        sentAt: number(email.sent_at),
        lastError: email.last_error,
        leaseOwner: email.lease_owner,
        leaseUntil: number(email.lease_until),
        sendingSince: number(email.sending_since),
      })),
  }));
}

/**
 * An erasure that waited past the send window plus a minute for an email still marked as
 * being sent (a clock far off, or a worker that keeps renewing a stuck send): what was not
 * in flight is removed; running the erasure again finishes it.
 */
export class EraseIncompleteError extends Error {
  override name = "EraseIncompleteError";
}

export interface EraseOptions {
  now?: () => number;
  /** Only submissions stored at or before this (a replayed erasure leaves later ones alone). */
  storedAtOrBefore?: number;
  /** Between looks at an email being handed to SMTP. */
  pollMs?: number;
  /** Called once, with how many, when the erasure has to wait for emails on the wire. */
  onWaiting?: (emails: number) => void;
}

/** What an erasure removed. */
export interface EraseOutcome {
  submissions: { id: string; kind: SubmissionKind; createdAt: number }[];
  /**
   * Removed emails with their state at that moment: `pending` ones were cancelled and will
   * never be sent; `sent` and `dead` ones had been settled before.
   */
  emails: { id: string; kind: EmailKind; state: string }[];
  /**
   * Emails a worker was handing to SMTP when the erasure began: it waited for each attempt
   * to end before removing the row. `sent` means it left before the erasure returned.
   */
  inFlight: { id: string; kind: EmailKind; state: string }[];
}

/**
 * Erasure (PRIV-4): removes every submission that mentions the address with `key`, and
 * all their outbox rows, and returns only when no email of theirs can still leave.
 *
 * The outbox worker marks a row (`sending_since`) in a compare-and-set on its lease just
 * before it hands the email to SMTP, and sends only when the mark took. Each round here
 * deletes, in one transaction, every row of the matching submissions except those marked
 * within the send window: a worker that has not marked its row yet finds it gone and sends
 * nothing; on PostgreSQL a mark and this delete on the same row are serialised by the row
 * lock, and the delete re-checks its condition on the marked version. A marked row is left
 * until its attempt is settled (the worker clears the mark) or the window has passed, then
 * removed in a later round; its submission goes with its last row.
 */
export async function eraseSubmissions(
  store: Store,
  key: string,
  options: EraseOptions = {},
): Promise<EraseOutcome> {
  const now = options.now ?? Date.now;
  const outcome: EraseOutcome = { submissions: [], emails: [], inFlight: [] };
  const onTheWire = new Set<string>();
  let warned = false;
  // Real time, not `now`: a bound on this process's wait whatever the given clock says.
  const giveUpAt = performance.now() + SEND_WINDOW_MS + 60_000;
  for (;;) {
    const round = await writeTransaction(store, async (trx) => {
      let matching = trx
        .selectFrom("submissions")
        .select("id")
        .where((eb) => eb.or([eb("sender_key", "=", key), eb("recipient_key", "=", key)]));
      if (options.storedAtOrBefore !== undefined) {
        matching = matching.where("created_at", "<=", options.storedAtOrBefore);
      }
      const ids = (await matching.orderBy("created_at").limit(BATCH).execute()).map(
        (row) => row.id,
      );
      if (ids.length === 0) return null;
      const openedAt = now();
      const emails = await trx
        .deleteFrom("outbox")
        .where("submission_id", "in", ids)
        .where((eb) =>
          eb.not(
            eb.and([
              eb("state", "=", "pending"),
              eb("sending_since", "is not", null),
              eb("sending_since", ">", openedAt - SEND_WINDOW_MS),
            ]),
          ),
        )
        .returning(["id", "kind", "state"])
        .execute();
      const waiting = await trx
        .selectFrom("outbox")
        .select(["id", "submission_id"])
        .where("submission_id", "in", ids)
        .execute();
      const blocked = new Set(waiting.map((row) => row.submission_id));
      const free = ids.filter((id) => !blocked.has(id));
      const submissions =
        free.length === 0
          ? []
          : await trx
              .deleteFrom("submissions")
              .where("id", "in", free)
              .returning(["id", "kind", "created_at"])
              .execute();
      await countRemoved(
        trx,
        "erased",
        "submissions",
        submissions.map((row) => row.kind),
      );
      await countRemoved(
        trx,
        "erased",
        "outbox",
        emails.map((row) => row.kind),
      );
      return { emails, submissions, waiting: waiting.map((row) => row.id) };
    });
    if (round === null) {
      // In the order they were stored (PostgreSQL returns deleted rows in any order).
      outcome.submissions.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      return outcome;
    }
    for (const row of round.submissions) {
      outcome.submissions.push({ id: row.id, kind: row.kind, createdAt: Number(row.created_at) });
    }
    for (const row of round.emails) {
      (onTheWire.has(row.id) ? outcome.inFlight : outcome.emails).push(row);
    }
    if (round.waiting.length > 0) {
      for (const id of round.waiting) onTheWire.add(id);
      if (!warned) options.onWaiting?.(round.waiting.length);
      warned = true;
      if (performance.now() > giveUpAt) {
        throw new EraseIncompleteError(
          `${round.waiting.length} email(s) stayed marked as being sent: run the erasure again`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
    }
  }
}
