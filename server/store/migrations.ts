import type { Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";

/**
 * Schema migrations, applied in name order by Kysely's Migrator, which records them and
 * takes a lock, so running them at every start is idempotent (REL-7). Integer epoch-ms
 * times and text ids keep one schema valid for SQLite and PostgreSQL.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001-submissions-and-outbox": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("submissions")
        .ifNotExists()
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("locale", "text", (column) => column.notNull())
        .addColumn("payload", "text", (column) => column.notNull())
        .addColumn("fingerprint", "text", (column) => column.notNull())
        .addColumn("recipient_key", "text")
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("submissions_fingerprint")
        .ifNotExists()
        .on("submissions")
        .columns(["fingerprint", "created_at"])
        .execute();
      await db.schema
        .createIndex("submissions_recipient")
        .ifNotExists()
        .on("submissions")
        .columns(["recipient_key", "created_at"])
        .execute();
      await db.schema
        .createTable("outbox")
        .ifNotExists()
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("submission_id", "text", (column) =>
          column.notNull().references("submissions.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("state", "text", (column) => column.notNull())
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "bigint")
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("sent_at", "bigint")
        .addColumn("last_error", "text")
        .execute();
      await db.schema
        .createIndex("outbox_due")
        .ifNotExists()
        .on("outbox")
        .columns(["state", "next_attempt_at"])
        .execute();
      await db.schema
        .createIndex("outbox_sent")
        .ifNotExists()
        .on("outbox")
        .columns(["kind", "sent_at"])
        .execute();
      await db.schema
        .createIndex("outbox_submission")
        .ifNotExists()
        .on("outbox")
        .column("submission_id")
        .execute();
    },
  },
  /**
   * Several instances on one database (issue 16): each worker proves it is alive with a
   * heartbeat row, so a starting instance releases only the leases of dead owners; the
   * per-IP limiter keeps its hits here when the instances share PostgreSQL.
   */
  "0002-worker-heartbeats-and-rate-limits": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("outbox_workers")
        .ifNotExists()
        .addColumn("owner", "text", (column) => column.primaryKey())
        .addColumn("instance", "text", (column) => column.notNull())
        .addColumn("alive_until", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("rate_limit_hits")
        .ifNotExists()
        .addColumn("key", "text", (column) => column.notNull())
        .addColumn("at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("rate_limit_hits_key")
        .ifNotExists()
        .on("rate_limit_hits")
        .columns(["key", "at"])
        .execute();
      await db.schema
        .createIndex("outbox_lease_owner")
        .ifNotExists()
        .on("outbox")
        .column("lease_owner")
        .execute();
    },
  },
  /**
   * The data lifecycle (issue 49): keyed hashes of the submitter's address and the moment
   * the friend's clear text left a referral, the send mark an erasure waits for, the key's
   * check value, the purge's lease and the lifecycle's running totals.
   */
  "0003-data-lifecycle": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("submissions").addColumn("sender_key", "text").execute();
      await db.schema.alterTable("submissions").addColumn("minimised_at", "bigint").execute();
      await db.schema.alterTable("outbox").addColumn("sending_since", "bigint").execute();
      await db.schema
        .createIndex("submissions_sender")
        .ifNotExists()
        .on("submissions")
        .column("sender_key")
        .execute();
      // The purge's range and the oldest submission's age (a metric read at every scrape).
      await db.schema
        .createIndex("submissions_created")
        .ifNotExists()
        .on("submissions")
        .column("created_at")
        .execute();
      await db.schema
        .createTable("store_settings")
        .ifNotExists()
        .addColumn("name", "text", (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("maintenance_leases")
        .ifNotExists()
        .addColumn("task", "text", (column) => column.primaryKey())
        .addColumn("owner", "text")
        .addColumn("lease_until", "bigint", (column) => column.notNull())
        .addColumn("last_finished_at", "bigint")
        .execute();
      await db.schema
        .createTable("lifecycle_counts")
        .ifNotExists()
        .addColumn("action", "text", (column) => column.notNull())
        .addColumn("table_name", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("count", "bigint", (column) => column.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("lifecycle_counts_pk", ["action", "table_name", "kind"])
        .execute();
    },
  },
};

/** Serves the migrations above to Kysely's Migrator. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
