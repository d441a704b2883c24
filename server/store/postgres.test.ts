import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import {
  createFormTestBed,
  type FormTestBed,
  formBody,
  startFormApp,
  testApiConfig,
} from "../test-support/form-app.ts";
import { queueSubmissions, TEST_KEYS, TEST_SECRET } from "../test-support/outbox.ts";
import { TestSmtpServer, waitFor } from "../test-support/smtp.ts";
import { isStoreReady, openStore, type Store } from "./database.ts";
import { OutboxRepository } from "./outbox.ts";
import { SharedRateLimiter } from "./rate-limits.ts";
import { findSubmissions } from "./subject-requests.ts";
import { recordSubmission } from "./submissions.ts";

/**
 * The PostgreSQL path, against a real server: TEST_DATABASE_URL when set (`.ci/run` starts
 * one), else a throwaway cluster the `postgres` project's global setup starts for this run
 * (server/test-support/postgres-global-setup.ts); without PostgreSQL the run fails, naming
 * the package to install. Each run creates and drops its own database.
 */
const adminUrl = inject("testDatabaseUrl");

describe("PostgreSQL store", () => {
  let databaseUrl = "";
  let dbName = "";
  let store: Store;
  let bed: FormTestBed;

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dbName = `beyond_test_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`create database ${dbName}`));
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    store = await openStore({ dataDir: "/nonexistent", databaseUrl });
    bed = await createFormTestBed();
  });

  afterAll(async () => {
    await store?.close();
    await bed?.cleanup();
    if (dbName)
      await admin((client) => client.query(`drop database if exists ${dbName} with (force)`));
  });

  test("several instances starting at once migrate once (Kysely's advisory migration lock)", async () => {
    const fresh = `beyond_test_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`create database ${fresh}`));
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${fresh}`;
      const stores = await Promise.all(
        Array.from({ length: 4 }, () =>
          openStore({ dataDir: "/nonexistent", databaseUrl: url.toString() }),
        ),
      );
      expect(await Promise.all(stores.map((one) => isStoreReady(one)))).toEqual([
        true,
        true,
        true,
        true,
      ]);
      const { rows } = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(stores[0]?.db as Store["db"]);
      expect(rows.map((row) => row.name)).toEqual([
        "0001-submissions-and-outbox",
        "0002-worker-heartbeats-and-rate-limits",
        "0003-data-lifecycle",
      ]);
      await Promise.all(stores.map((one) => one.close()));
    } finally {
      await admin((client) => client.query(`drop database if exists ${fresh} with (force)`));
    }
  }, 30_000);

  test("per-IP limits hold across two instances: the sixth post in ten minutes is refused", async () => {
    const other = await openStore({ dataDir: "/nonexistent", databaseUrl });
    try {
      const limits = [
        { max: 5, windowMs: 600_000 },
        { max: 20, windowMs: 86_400_000 },
      ];
      const instances = [
        new SharedRateLimiter(store, limits),
        new SharedRateLimiter(other, limits),
      ];
      const now = Date.now();
      // Twelve concurrent posts from one client, alternating instances.
      const decisions = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          instances[i % 2]?.hit("referral|203.0.113.9", now + i),
        ),
      );
      expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(5);
      const refused = decisions.find((decision) => decision && !decision.allowed);
      expect(refused).toEqual({ allowed: false, retryAfterS: 600 });
      // Another client and another form are unaffected.
      expect(await instances[1]?.hit("referral|203.0.113.10", now)).toEqual({ allowed: true });
      expect(await instances[0]?.hit("partner|203.0.113.9", now)).toEqual({ allowed: true });
      // Ten minutes later the short window has room again.
      expect(await instances[1]?.hit("referral|203.0.113.9", now + 600_001)).toEqual({
        allowed: true,
      });
    } finally {
      await other.close();
    }
  });

  test("duplicate window and per-recipient limit hold across two instances", async () => {
    const other = await openStore({ dataDir: "/nonexistent", databaseUrl });
    try {
      const policy = {
        nowMs: Date.now(),
        duplicateWindowMs: 600_000,
        recipientWindowMs: 30 * 86_400_000,
      };
      const referral = (name: string) => ({
        kind: "referral" as const,
        locale: "en",
        payload: { ...VALID_REFERRAL, yourFirstName: name, friendEmail: "shared@example.com" },
        emails: ["referral" as const],
      });
      const outcomes = await Promise.all([
        recordSubmission(store, referral("Ana"), policy, TEST_KEYS),
        recordSubmission(other, referral("Ana"), policy, TEST_KEYS),
        recordSubmission(store, referral("Eva"), policy, TEST_KEYS),
        recordSubmission(other, referral("Ida"), policy, TEST_KEYS),
      ]);
      expect(outcomes.filter((outcome) => outcome === "queued")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "suppressed")).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  test("migrations are idempotent and commits are synchronous", async () => {
    const again = await openStore({ dataDir: "/nonexistent", databaseUrl });
    await again.close();
    const client = new pg.Client({
      connectionString: databaseUrl,
      options: "-c synchronous_commit=on",
    });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from kysely_migration");
    await client.end();
    expect(rows[0].n).toBe(3);
    expect(store.dialect).toBe("postgres");
  });

  test("a submission and its outbox rows commit together; duplicates and repeat recipients are handled", async () => {
    const policy = {
      nowMs: Date.now(),
      duplicateWindowMs: 600_000,
      recipientWindowMs: 30 * 86_400_000,
    };
    const referral = {
      kind: "referral" as const,
      locale: "de",
      payload: { ...VALID_REFERRAL, friendEmail: "pg@example.com" },
      emails: ["referral" as const],
    };
    const outcomes = await Promise.all([
      recordSubmission(store, referral, policy, TEST_KEYS),
      recordSubmission(store, referral, policy, TEST_KEYS),
    ]);
    expect(outcomes.sort()).toEqual(["duplicate", "queued"]);
    const repeat = { ...referral, payload: { ...referral.payload, yourFirstName: "Zoë" } };
    expect(await recordSubmission(store, repeat, policy, TEST_KEYS)).toBe("suppressed");
    // Through the friend's keyed hash: the repeat was stored without the friend's address.
    const rows = await findSubmissions(store, TEST_KEYS.of("pg@example.com"));
    // Both rows share a timestamp, so their listing order is arbitrary.
    rows.sort((a, b) => a.status.localeCompare(b.status));
    expect(rows.map((row) => [row.status, row.emails.length, row.createdAt])).toEqual([
      ["queued", 1, policy.nowMs],
      ["suppressed", 0, policy.nowMs],
    ]);
  });

  test("two workers never claim the same row", async () => {
    const outbox = new OutboxRepository(store);
    const now = Date.now();
    for (let i = 0; i < 10; i += 1) {
      await recordSubmission(
        store,
        {
          kind: "partner",
          locale: "en",
          payload: { ...VALID_PARTNER, email: `c${i}@example.com` },
          emails: ["partner-ack"],
        },
        { nowMs: now, duplicateWindowMs: 1, recipientWindowMs: 1 },
        TEST_KEYS,
      );
    }
    const claim = (owner: string) =>
      outbox.claim({
        owner,
        nowMs: now + 1,
        leaseUntil: now + 300_000,
        kinds: ["partner-ack"],
        limit: 10,
      });
    const [a, b] = await Promise.all([claim("a"), claim("b")]);
    const ids = [...a, ...b].map((row) => row.id);
    expect(ids.length).toBe(10);
    expect(new Set(ids).size).toBe(10);
  });

  test("a release of dead owners' leases running alongside a starting worker leaves that worker's claim alone", async () => {
    // The READ COMMITTED race of releaseStaleLeases, staged: instance b's release starts,
    // then waits on a row lock while instance a's new worker beats and claims a row that a
    // dead predecessor held. Without naming the dead first, b frees that claim and both
    // instances send the email.
    const fresh = `beyond_test_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`create database ${fresh}`));
    const url = new URL(adminUrl);
    url.pathname = `/${fresh}`;
    const freshStore = await openStore({ dataDir: "/nonexistent", databaseUrl: url.toString() });
    const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: url.toString() }));
    const [blocker, claimer, observer] = clients as [pg.Client, pg.Client, pg.Client];
    try {
      await Promise.all(clients.map((client) => client.connect()));
      const outbox = new OutboxRepository(freshStore);
      const now = Date.now();
      const ttl = 20_000;
      await queueSubmissions(freshStore, "partner", ["r1@example.com", "r2@example.com"], now);
      await claimer.query("update outbox set lease_owner = 'a-1', lease_until = $1", [
        now + 300_000,
      ]);
      // The release meets the rows in physical order: it waits on the first and has not yet
      // read the second when a-2 claims it.
      const { rows } = await claimer.query<{ id: string }>("select id from outbox order by ctid");
      const [first, second] = rows.map((row) => row.id) as [string, string];
      await outbox.heartbeat("b-1", "b", now, now + ttl);

      await blocker.query("begin");
      await blocker.query("select id from outbox where id = $1 for update", [first]);
      const releasing = outbox.releaseStaleLeases("b-1", "b", now);
      await waitFor(async () => {
        const { rows: waiting } = await observer.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [fresh],
        );
        return waiting[0].n === 1;
      }, 10_000);
      // a-1 is dead; a-2 starts: its heartbeat commits, then it takes back a-1's row and
      // claims it (one statement here).
      await outbox.heartbeat("a-2", "a", now, now + ttl);
      await claimer.query("set lock_timeout = '5s'");
      await claimer.query("update outbox set lease_owner = 'a-2' where id = $1", [second]);
      await blocker.query("rollback");

      expect(await releasing).toBe(1);
      const { rows: after } = await claimer.query<{ id: string; lease_owner: string | null }>(
        "select id, lease_owner from outbox",
      );
      expect(Object.fromEntries(after.map((row) => [row.id, row.lease_owner]))).toEqual({
        [first]: null,
        [second]: "a-2",
      });
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
      await freshStore.close();
      await admin((client) => client.query(`drop database if exists ${fresh} with (force)`));
    }
  });

  test("speed reports: the per-IP limit holds across two instances, and no submission table is touched", async () => {
    const config = async () =>
      testApiConfig(await bed.newDataDir(), {
        DATABASE_URL: databaseUrl,
        RECIPIENT_KEY_SECRET: TEST_SECRET,
        VITALS_RATE_LIMIT_PER_10_MIN: "3",
        VITALS_RATE_LIMIT_PER_DAY: "10",
      });
    const apps = [
      await startFormApp(bed.fake.buildDir, await config()),
      await startFormApp(bed.fake.buildDir, await config()),
    ];
    try {
      const count = async (table: "submissions" | "outbox") =>
        Number(
          (
            await store.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("rows"))
              .executeTakeFirstOrThrow()
          ).rows,
        );
      const before = { submissions: await count("submissions"), outbox: await count("outbox") };
      const report = JSON.stringify({
        page: "home",
        locale: "en",
        device: "desktop",
        navigation: "navigate",
        metrics: { LCP: 1000 },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await apps[i % 2]?.inject({
          method: "POST",
          url: "/api/vitals",
          payload: report,
          headers: { "content-type": "application/json" },
          remoteAddress: "198.51.100.23",
        });
        statuses.push(response?.statusCode ?? 0);
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429, 429]);
      expect({ submissions: await count("submissions"), outbox: await count("outbox") }).toEqual(
        before,
      );
      const hits = await store.db
        .selectFrom("rate_limit_hits")
        .select("key")
        .where("key", "like", "vitals|%")
        .execute();
      expect(hits.map((hit) => hit.key)).toEqual(Array(3).fill("vitals|198.51.100.23"));
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  test("the API stores in PostgreSQL and the worker delivers", async () => {
    const smtp = new TestSmtpServer();
    await smtp.start();
    let app: FastifyInstance | null = null;
    try {
      app = await startFormApp(
        bed.fake.buildDir,
        testApiConfig(await bed.newDataDir(), {
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          RECIPIENT_KEY_SECRET: TEST_SECRET,
        }),
      );
      const response = await app.inject({
        method: "POST",
        url: "/api/sendEmail?locale=es",
        payload: formBody({ ...VALID_REFERRAL, friendEmail: "pg-api@example.com" }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
      });
      expect(response.statusCode).toBe(200);
      await waitFor(() => smtp.received.some((mail) => mail.to.includes("pg-api@example.com")));
    } finally {
      await app?.close();
      await smtp.stop();
    }
  });
});
