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
  /**
   * Keyed hash (HMAC-SHA-256) of kind, locale and payload: finds an identical resubmission
   * (double click). Rows stored before issue 49 hold a plain SHA-256, which only the
   * 10-minute duplicate window ever compared.
   */
  fingerprint: string;
  /**
   * Keyed hash of the normalised friendEmail (referrals; `server/privacy/address-keys.ts`):
   * the per-recipient limit, and `find`/`erase` of a friend once the clear text is gone.
   * Null for partner requests.
   */
  recipient_key: string | null;
  /**
   * Keyed hash of the submitter's normalised address (yourEmail, or the partner's email), for
   * `find` and `erase`. Null only on rows stored before issue 49 until the store's first
   * start with a key fills it in (`backfillAddressKeys`).
   */
  sender_key: string | null;
  status: SubmissionStatus;
  created_at: number;
  /**
   * When the referred friend's name and address left the payload (their email was sent or
   * given up, or never queued); null while they are still needed, and for partner requests.
   */
  minimised_at: number | null;
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
  /**
   * Set by the lease owner right before it hands the email to SMTP (a compare-and-set that
   * fails once the row is erased), cleared when the attempt is settled; an erasure waits
   * for a row in this state instead of deleting it under a send.
   */
  sending_since: number | null;
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

/** Facts about the store itself, such as the check value of the address key. */
interface StoreSettingsTable {
  name: string;
  value: string;
}

/**
 * A task that one instance at a time may run (the purge), with a lease that outlives a
 * crashed holder by at most its length, and when it last finished.
 */
interface MaintenanceLeasesTable {
  task: string;
  owner: string | null;
  lease_until: number;
  last_finished_at: number | null;
}

/**
 * Running totals of what the data lifecycle removed (metrics read them, so every instance
 * and the submissions command count in one place): `action` purged, erased or minimised,
 * `table_name` submissions or outbox, `kind` the submission's or email's kind.
 */
interface LifecycleCountsTable {
  action: string;
  table_name: string;
  kind: string;
  count: number;
}

export interface Database {
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  outbox_workers: OutboxWorkersTable;
  rate_limit_hits: RateLimitHitsTable;
  store_settings: StoreSettingsTable;
  maintenance_leases: MaintenanceLeasesTable;
  lifecycle_counts: LifecycleCountsTable;
}
