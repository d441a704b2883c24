import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { compactAfterRemoval, openStore, SQLITE_FILE, type Store } from "../store/database.ts";
import { eraseSubmissions } from "../store/subject-requests.ts";
import { recordSubmission } from "../store/submissions.ts";
import {
  describeLifecycle,
  type TestDatabase,
  withTestKeys,
} from "../test-support/lifecycle-suite.ts";
import { TEST_KEYS, TEST_SECRET } from "../test-support/outbox.ts";
import { DataLifecycle } from "./maintenance.ts";

/** A fresh SQLite database in a temporary DATA_DIR, opened as the server opens it. */
async function sqliteDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "beyond-lifecycle-"));
  const open = async () => withTestKeys(await openStore({ dataDir: dir, databaseUrl: null }));
  const opened: Store[] = [];
  const track = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };
  let main = await track();
  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  };
  return {
    get store() {
      return main;
    },
    open: track,
    env: { DATA_DIR: dir, RECIPIENT_KEY_SECRET: TEST_SECRET },
    async backup() {
      const file = path.join(dir, "backup.db");
      await main.sqlite?.backup(file);
      return async () => {
        await closeAll();
        for (const suffix of ["-wal", "-shm"]) {
          await rm(path.join(dir, `${SQLITE_FILE}${suffix}`), { force: true });
        }
        await copyFile(file, path.join(dir, SQLITE_FILE));
        main = await track();
        return main;
      };
    },
    async close() {
      await closeAll();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describeLifecycle("SQLite", sqliteDatabase);

/** Every byte of the database file and of its WAL (when there is one). */
async function fileBytes(dir: string): Promise<string> {
  const parts = [await readFile(path.join(dir, SQLITE_FILE))];
  const wal = path.join(dir, `${SQLITE_FILE}-wal`);
  if (existsSync(wal)) parts.push(await readFile(wal));
  return Buffer.concat(parts).toString("latin1");
}

// Some 150 stores and a WAL truncate: seconds on a loaded host.
test("erased means gone: the SQLite file and its WAL hold no erased byte", {
  timeout: 60_000,
}, async () => {
  const database = await sqliteDatabase();
  const dir = database.env.DATA_DIR as string;
  try {
    const server = database.store;
    const now = Date.now();
    // Neighbours on the same pages, before and after.
    for (let i = 0; i < 150; i += 1) {
      await recordSubmission(
        server,
        {
          kind: "partner",
          locale: "en",
          payload: { ...VALID_PARTNER, email: `neighbour${i}@example.com` },
          emails: ["partner-ack"],
        },
        { nowMs: now + i, duplicateWindowMs: 1, recipientWindowMs: 1 },
        TEST_KEYS,
      );
      if (i === 75) {
        await recordSubmission(
          server,
          {
            kind: "partner",
            locale: "en",
            payload: {
              ...VALID_PARTNER,
              firstName: "Xylophonia",
              lastName: "Quaternion",
              email: "xylo.marker@erased.example",
              company: "Marker Holdings Zyx",
              notes: "markernote ".repeat(300),
            },
            emails: ["partner-notify", "partner-ack"],
          },
          { nowMs: now + i, duplicateWindowMs: 1, recipientWindowMs: 1 },
          TEST_KEYS,
        );
        await recordSubmission(
          server,
          {
            kind: "referral",
            locale: "en",
            payload: { ...VALID_REFERRAL, friendEmail: "xylo.marker@erased.example" },
            emails: ["referral"],
          },
          { nowMs: now + i, duplicateWindowMs: 1, recipientWindowMs: 1 },
          TEST_KEYS,
        );
      }
    }
    const markers = ["Xylophonia", "Quaternion", "xylo.marker", "Marker Holdings", "markernote"];
    // Half of it checkpointed into the file, the rest still in the WAL.
    server.sqlite?.pragma("wal_checkpoint(PASSIVE)");
    const before = await fileBytes(dir);
    for (const marker of markers) expect(before).toContain(marker);

    const tool = await database.open();
    const outcome = await eraseSubmissions(tool, TEST_KEYS.of("XYLO.marker@erased.example"));
    expect(outcome.submissions).toHaveLength(2);
    expect(await compactAfterRemoval(tool)).toBe(true);

    const after = await fileBytes(dir);
    for (const marker of markers) expect(after).not.toContain(marker);
    // The neighbours are intact.
    expect(after).toContain("neighbour0@example.com");
    expect(after).toContain("neighbour149@example.com");
    expect(server.sqlite?.pragma("integrity_check", { simple: true })).toBe("ok");
  } finally {
    await database.close();
  }
});

test("a server stopping mid-purge stops after the batch in progress (REL-5's grace period)", {
  timeout: 60_000,
}, async () => {
  const database = await sqliteDatabase();
  try {
    const store = database.store;
    const old = Date.now() - 800 * 86_400_000;
    await store.db
      .insertInto("submissions")
      .values(
        Array.from({ length: 1200 }, (_, i) => ({
          id: `old-${i}`,
          kind: "partner" as const,
          locale: "en",
          payload: "{}",
          fingerprint: "f",
          recipient_key: null,
          sender_key: "",
          status: "suppressed" as const,
          created_at: old + i,
        })),
      )
      .execute();
    const lifecycle = new DataLifecycle({
      store,
      retentionDays: 730,
      mailDir: null,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const purging = lifecycle.purge();
    await lifecycle.stop();
    const run = await purging;
    expect(run?.ran && run.report.submissions[0]?.count).toBe(500);
    const left = await store.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(700);
  } finally {
    await database.close();
  }
});
