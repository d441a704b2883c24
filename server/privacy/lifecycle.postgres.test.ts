import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, inject, test } from "vitest";
import { openStore, type Store } from "../store/database.ts";
import {
  describeLifecycle,
  type TestDatabase,
  withTestKeys,
} from "../test-support/lifecycle-suite.ts";
import { TEST_SECRET } from "../test-support/outbox.ts";
import { AddressKeys, verifyAddressKeys } from "./address-keys.ts";

/**
 * The data lifecycle against a real PostgreSQL (the `postgres` project: TEST_DATABASE_URL,
 * or a throwaway cluster its global setup starts). Each test gets its own database; a
 * backup is a copy made with CREATE DATABASE … TEMPLATE, restored the same way.
 */
const adminUrl = inject("testDatabaseUrl");

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresDatabase(): Promise<TestDatabase> {
  const name = `beyond_life_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${name}`);
  // The command keeps its erasure ledger in DATA_DIR.
  const dataDir = await mkdtemp(path.join(tmpdir(), "beyond-lifecycle-pg-"));
  const databaseUrl = urlOf(name);
  const opened: Store[] = [];
  const track = async () => {
    const store = await withTestKeys(await openStore({ dataDir, databaseUrl }));
    opened.push(store);
    return store;
  };
  let main = await track();
  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  };
  const snapshots: string[] = [];
  return {
    get store() {
      return main;
    },
    open: track,
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RECIPIENT_KEY_SECRET: TEST_SECRET },
    async backup() {
      const snapshot = `${name}_backup`;
      snapshots.push(snapshot);
      // A template may have no other sessions while it is copied.
      await closeAll();
      await admin(`create database ${snapshot} template ${name}`);
      main = await track();
      return async () => {
        await closeAll();
        await admin(`drop database ${name} with (force)`);
        await admin(`create database ${name} template ${snapshot}`);
        main = await track();
        return main;
      };
    },
    async close() {
      await closeAll();
      await admin(`drop database if exists ${name} with (force)`);
      for (const snapshot of snapshots)
        await admin(`drop database if exists ${snapshot} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describeLifecycle("PostgreSQL", postgresDatabase);

test("instances with different RECIPIENT_KEY_SECRETs: the second refuses to start", async () => {
  const database = await postgresDatabase();
  try {
    // The first start recorded TEST_KEYS's check value (postgresDatabase opens as the server).
    const other = await openStore({
      dataDir: "/nonexistent",
      databaseUrl: database.env.DATABASE_URL as string,
    });
    try {
      await expect(
        verifyAddressKeys(other, new AddressKeys("another secret, also 32+ chars long")),
      ).rejects.toThrow(/not the secret the database .* was set up with/);
      await verifyAddressKeys(other, new AddressKeys(TEST_SECRET));
    } finally {
      await other.close();
    }
  } finally {
    await database.close();
  }
}, 60_000);
