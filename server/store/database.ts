import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { StartupError } from "../startup-error.ts";
import { migrationProvider } from "./migrations.ts";
import type { Database } from "./schema.ts";

/** REL-1: a synchronous driver must not block the event loop longer than this on a lock. */
const SQLITE_BUSY_TIMEOUT_MS = 250;
/** REL-6: keep the WAL small; checkpoints run every 1000 pages, the file is cut back to this. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** File name of the SQLite database inside DATA_DIR. */
export const SQLITE_FILE = "submissions.db";

/** An open, migrated store. */
export interface Store {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  /** Where the data lives, for logs: the SQLite path or the PostgreSQL host/database. */
  location: string;
  /** The raw SQLite handle (tests use it to simulate a read-only database). */
  sqlite: SQLite.Database | null;
  close(): Promise<void>;
}

/** REL-7 / issue 16: a readiness probe waits at most this for the database. */
const READY_TIMEOUT_MS = 2000;

/**
 * Readiness: true only when the database answers within READY_TIMEOUT_MS and records the
 * latest migration as applied (a database restored from an old backup, or replaced by an
 * empty one, is not ready). Never throws.
 */
export async function isStoreReady(store: Store): Promise<boolean> {
  const latest = Object.keys(await migrationProvider.getMigrations())
    .sort()
    .at(-1);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const probe = sql<{ name: string }>`select name from kysely_migration where name = ${latest}`
    .execute(store.db)
    .then((result) => result.rows.length === 1)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** Open without migrating or writing (the submissions command's reports). */
  readOnly?: boolean;
  /**
   * SQLite: refuse to create a missing database (the submissions command's writing
   * subcommands: a mistyped DATA_DIR must not become a fresh, empty store).
   */
  mustExist?: boolean;
  /**
   * SQLite's wait for a lock. The server keeps REL-1's 250 ms (a synchronous driver blocks
   * the event loop meanwhile); the submissions command, which serves no one, waits longer
   * for the server's writes instead of failing.
   */
  busyTimeoutMs?: number;
}

/**
 * Opens the store: PostgreSQL when `databaseUrl` is set, otherwise SQLite at
 * `dataDir/submissions.db` (created with its directory on first start). Applies the
 * migrations and checks the durability settings REL-1 requires; throws StartupError with a
 * readable message when the database cannot be opened read-write or is not durable.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl) : openSqlite(options);
  try {
    if (!options.readOnly) await migrate(store.db);
  } catch (error) {
    await store.close();
    throw new StartupError(`Cannot prepare the database at ${store.location}: ${reason(error)}`);
  }
  return store;
}

function openSqlite(options: StoreOptions): Store {
  const { dataDir } = options;
  const readOnly = options.readOnly === true;
  const file = path.join(dataDir, SQLITE_FILE);
  let sqlite: SQLite.Database;
  try {
    if (!readOnly && !options.mustExist) mkdirSync(dataDir, { recursive: true });
    sqlite = new SQLite(file, {
      readonly: readOnly,
      fileMustExist: readOnly || options.mustExist === true,
    });
  } catch (error) {
    throw new StartupError(`Cannot open the database ${file}: ${reason(error)}`);
  }
  try {
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS}`);
    // Issue 49: deleted and overwritten content is zeroed, so an erased or minimised value
    // does not linger in free space of the file (the WAL is cut back by `scrubSqlite`).
    expectPragma(sqlite, "secure_delete = ON", "secure_delete", 1);
    if (!readOnly) {
      expectPragma(sqlite, "journal_mode = WAL", "journal_mode", "wal");
      expectPragma(sqlite, "synchronous = FULL", "synchronous", 2);
      expectPragma(sqlite, "foreign_keys = ON", "foreign_keys", 1);
      sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      sqlite.pragma("wal_autocheckpoint = 1000");
      // A write proves the file is writable now, not only when the first visitor posts.
      sqlite.exec(
        "CREATE TABLE IF NOT EXISTS startup_check (id INTEGER); DROP TABLE startup_check;",
      );
    }
  } catch (error) {
    sqlite.close();
    if (error instanceof StartupError) throw error;
    throw new StartupError(`Cannot use the database ${file} read-write: ${reason(error)}`);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: "sqlite",
    location: file,
    sqlite,
    close: async () => {
      await db.destroy();
    },
  };
}

/** Sets a pragma, reads it back and refuses to start when the value did not stick (REL-1). */
function expectPragma(
  sqlite: SQLite.Database,
  statement: string,
  name: string,
  expected: string | number,
) {
  sqlite.pragma(statement);
  const actual = sqlite.pragma(name, { simple: true });
  if (actual !== expected) {
    throw new StartupError(`SQLite ${name} is ${String(actual)}, expected ${expected}`);
  }
}

async function openPostgres(databaseUrl: string): Promise<Store> {
  let location = "PostgreSQL";
  try {
    const url = new URL(databaseUrl);
    location = `postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    // pg also accepts key=value strings; the location stays generic then
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 8,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // REL-2: a statement stuck behind a lock fails in time for a 503 within 6 s.
    statement_timeout: 5000,
    // REL-1: commits wait for the WAL flush, whatever the server default is.
    options: "-c synchronous_commit=on",
    // Epoch-ms columns are bigint; they fit a JS number exactly.
    types: {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
    },
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store: Store = {
    db,
    dialect: "postgres",
    location,
    sqlite: null,
    close: async () => {
      await db.destroy();
    },
  };
  try {
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
    if (rows[0]?.synchronous_commit !== "on") {
      throw new StartupError(`PostgreSQL synchronous_commit is not on at ${location}`);
    }
  } catch (error) {
    await store.close();
    if (error instanceof StartupError) throw error;
    throw new StartupError(`Cannot connect to ${location}: ${reason(error)}`);
  }
  return store;
}

/**
 * Runs `work` in a transaction that may write. On SQLite it begins IMMEDIATE: it takes the
 * write lock first (waiting up to the busy timeout) instead of reading first and failing at
 * once with SQLITE_BUSY when another connection (the server, the submissions command)
 * wrote in between. PostgreSQL: an ordinary READ COMMITTED transaction.
 */
export async function writeTransaction<T>(
  store: Store,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (store.dialect === "postgres") {
    return store.db.transaction().execute((trx: Transaction<Database>) => work(trx));
  }
  return store.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/**
 * SQLite (issue 49): checkpoints the WAL into the database file and truncates it to zero
 * bytes, so the page images of rows deleted or rewritten since (with `secure_delete`, zeroed
 * in the file) are gone from the WAL too. True once the WAL is empty; a no-op on PostgreSQL.
 * Each attempt may wait up to the busy timeout for another connection's writer or reader
 * (blocking the event loop, on the server's 250 ms), so the server tries once and comes back
 * later; the submissions command, which serves no one, tries `attempts` times.
 */
export async function scrubSqlite(store: Store, attempts = 1): Promise<boolean> {
  const sqlite = store.sqlite;
  if (sqlite === null) return true;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const [result] = sqlite.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
    if (result?.busy === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * After an erasure (issue 49): on SQLite the WAL is cut back (`scrubSqlite`; deleted rows
 * are already zeroed in the file by `secure_delete`); on PostgreSQL a plain VACUUM of the
 * two tables prunes the dead row versions now instead of whenever autovacuum comes (it
 * takes no lock that stops posts; what remains is in docs/operations.md). True when done.
 */
export async function compactAfterRemoval(store: Store): Promise<boolean> {
  if (store.dialect === "sqlite") return scrubSqlite(store, 20);
  try {
    await store.db.connection().execute(async (connection) => {
      // VACUUM may outlast the pool's 5 s statement timeout on a large table.
      await sql`set statement_timeout = 0`.execute(connection);
      try {
        await sql`vacuum submissions, outbox`.execute(connection);
      } finally {
        await sql`reset statement_timeout`.execute(connection);
      }
    });
    return true;
  } catch {
    return false;
  }
}

async function migrate(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** The message of a startup failure, without a stack (it goes to the operator's console). */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
