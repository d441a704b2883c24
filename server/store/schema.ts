import type { Generated } from "kysely";

/** What a submission is: a refer-a-friend or a join-partner post. */
export type SubmissionKind = "referral" | "partner";

/**
 * `queued`: its email(s) are in the outbox. `suppressed`: stored, but the friend already got a
 * referral email within the recipient window (SEC-3), so no second one is sent.
 */
export type SubmissionStatus = "queued" | "suppressed";

/** Which email an outbox row sends. */
export type EmailKind = "referral" | "partner-notify" | "partner-ack";

/** `pending` until sent; `dead` once given up (permanent failure or 72 h of retries). */
type OutboxState = "pending" | "sent" | "dead";

/** One accepted form post; `payload` is the validated fields as JSON. Times are epoch ms. */
interface SubmissionsTable {
  id: string;
  kind: SubmissionKind;
  locale: string;
  payload: string;
  /** SHA-256 of kind, locale and payload: finds an identical resubmission (double click). */
  fingerprint: string;
  /** Lower-cased friendEmail for referrals (per-recipient limit), null for partners. */
  recipient_key: string | null;
  status: SubmissionStatus;
  created_at: number;
}

/** One email to send; the database is the queue (REL-3, REL-6). Times are epoch ms. */
interface OutboxTable {
  /** Also the Message-ID's local part, so retries keep the same Message-ID. */
  id: string;
  submission_id: string;
  kind: EmailKind;
  state: OutboxState;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  sent_at: number | null;
  /** Error code, SMTP status and command of the last failure; never the server's text. */
  last_error: string | null;
}

/**
 * One running outbox worker (one process). `owner` is the value it writes into
 * `outbox.lease_owner`; `instance` names the deployment slot (INSTANCE_ID), stable across
 * restarts, so a restarted instance can release its own predecessor's leases at once.
 */
interface OutboxWorkersTable {
  owner: string;
  instance: string;
  /** Epoch ms; past it, the worker counts as dead and its leases may be released. */
  alive_until: number;
}

/** One accepted form post per client key, for the per-IP limits shared by instances (SEC-3). */
interface RateLimitHitsTable {
  key: string;
  at: number;
}

export interface Database {
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  outbox_workers: OutboxWorkersTable;
  rate_limit_hits: RateLimitHitsTable;
}
