import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCommand } from "../../scripts/submissions-commands.ts";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { createMailTransport } from "../mail/transport.ts";
import { RETRY_SCHEDULES } from "../outbox/schedule.ts";
import { normaliseAddress, verifyAddressKeys } from "../privacy/address-keys.ts";
import { exportSchema, personalDataExport } from "../privacy/export-format.ts";
import { runPurge } from "../privacy/maintenance.ts";
import type { Store } from "../store/database.ts";
import { type ClaimedEmail, OutboxRepository } from "../store/outbox.ts";
import { lifecycleStats, PURGE_TASK, purgeExpired, takeLease } from "../store/retention.ts";
import type { EmailKind } from "../store/schema.ts";
import { eraseSubmissions, findSubmissions } from "../store/subject-requests.ts";
import { type NewSubmission, recordSubmission } from "../store/submissions.ts";
import { TEST_KEYS, testWorker } from "./outbox.ts";
import { TestSmtpServer, waitFor } from "./smtp.ts";

const DAY_MS = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 5, 1, 12);
const POLICY = { duplicateWindowMs: 1, recipientWindowMs: 30 * DAY_MS };

/** One empty database of the dialect under test, opened like the server opens it. */
export interface TestDatabase {
  store: Store;
  /** Another connection to the same database: a second instance, or the command. */
  open(): Promise<Store>;
  /** The command's environment for this database (DATA_DIR or DATABASE_URL, the secret). */
  env: Record<string, string>;
  /**
   * Takes a backup now (every store is closed meanwhile and reopened). The returned
   * function restores it, closing every open store, and returns the reopened main store.
   */
  backup(): Promise<() => Promise<Store>>;
  close(): Promise<void>;
}

/** Opens a store on the test database with the test keys checked in, as the server does. */
export async function withTestKeys(store: Store): Promise<Store> {
  await verifyAddressKeys(store, TEST_KEYS);
  return store;
}

function referral(from: string, friend: string, extra: Record<string, string> = {}): NewSubmission {
  return {
    kind: "referral",
    locale: "de",
    payload: { ...VALID_REFERRAL, yourEmail: from, friendEmail: friend, ...extra },
    emails: ["referral"],
  };
}

function partner(email: string, extra: Record<string, string> = {}): NewSubmission {
  return {
    kind: "partner",
    locale: "fr",
    payload: { ...VALID_PARTNER, email, ...extra },
    emails: ["partner-notify", "partner-ack"],
  };
}

function record(store: Store, submission: NewSubmission, nowMs: number) {
  return recordSubmission(store, submission, { nowMs, ...POLICY }, TEST_KEYS);
}

/** Settles every pending email of the store as a worker would: claimed, marked, then `state`. */
async function settleAll(store: Store, nowMs: number, state: "sent" | "dead" = "sent") {
  const outbox = new OutboxRepository(store);
  const kinds: EmailKind[] = ["referral", "partner-notify", "partner-ack"];
  const rows = await outbox.claim({
    owner: "settler",
    nowMs,
    leaseUntil: nowMs + 60_000,
    kinds,
    limit: 1000,
    dueBy: Number.POSITIVE_INFINITY,
  });
  for (const row of rows) await settle(outbox, row, nowMs, state);
}

async function settle(
  outbox: OutboxRepository,
  row: ClaimedEmail,
  nowMs: number,
  state: "sent" | "dead",
) {
  expect(await outbox.markSending(row.id, "settler", nowMs)).toBe(true);
  if (state === "sent") await outbox.markSent(row, "settler", nowMs);
  else await outbox.markDead(row, "settler", nowMs, "EENVELOPE 550 RCPT TO");
}

async function count(store: Store, table: "submissions" | "outbox") {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs `npm run submissions` in-process against the test database. */
async function command(
  database: TestDatabase,
  argv: string[],
  env: Record<string, string> = {},
  answer = "",
) {
  let out = "";
  const logs: Record<string, unknown>[] = [];
  const code = await runCommand(argv, {
    env: { ...database.env, ...env },
    cwd: "/",
    out: (text) => {
      out += text;
    },
    log: (message, fields) => logs.push({ msg: message, ...fields }),
    ask: async (question) => {
      out += question;
      return answer;
    },
    now: Date.now,
  });
  return { code, out, logs };
}

/**
 * The data lifecycle of issue 49, run against one dialect: retention at its boundary, one
 * purge at a time, a data subject's requests in every role, an erasure racing a send on a
 * real SMTP server, the friend's minimisation and the per-recipient limit, and replaying
 * erasures after a restore. `database()` gives each test a fresh database.
 */
export function describeLifecycle(dialect: string, database: () => Promise<TestDatabase>) {
  // Each test makes a database of its own: on PostgreSQL that alone takes a second or two.
  describe(`data lifecycle on ${dialect}`, { timeout: 60_000 }, () => {
    let db: TestDatabase;
    beforeEach(async () => {
      db = await database();
    });
    afterEach(async () => {
      await db?.close();
    });

    test("purge at the boundary: 729 days kept, 731 gone with their emails, a pending email never", async () => {
      const { store } = db;
      await record(store, partner("kept729@example.com"), T0 - 729 * DAY_MS);
      await record(store, partner("kept730@example.com"), T0 - 730 * DAY_MS);
      await record(store, partner("gone731@example.com"), T0 - 731 * DAY_MS);
      await record(store, referral("a@example.com", "gone-friend@example.com"), T0 - 731 * DAY_MS);
      await settleAll(store, T0 - 700 * DAY_MS);
      // Expired, but its email is still pending (say, a retry): it stays.
      await record(store, referral("b@example.com", "late@example.com"), T0 - 800 * DAY_MS);

      const dry = await purgeExpired(store, { nowMs: T0, retentionDays: 730, dryRun: true });
      expect(dry).toEqual({
        cutoff: T0 - 730 * DAY_MS,
        submissions: [
          { kind: "partner", month: "2024-05", count: 1 },
          { kind: "referral", month: "2024-05", count: 1 },
        ],
        emails: [
          { kind: "partner-ack", count: 1 },
          { kind: "partner-notify", count: 1 },
          { kind: "referral", count: 1 },
        ],
        keptPending: 1,
      });
      expect(await count(store, "submissions")).toBe(5);

      const run = await runPurge(store, { retentionDays: 730, nowMs: T0, mailDir: null });
      expect(run.ran && run.report).toEqual(dry);
      const left = await store.db
        .selectFrom("submissions")
        .select("created_at")
        .orderBy("created_at")
        .execute();
      expect(left.map((row) => (T0 - Number(row.created_at)) / DAY_MS)).toEqual([800, 730, 729]);
      // Only the emails of the kept submissions remain.
      expect(await count(store, "outbox")).toBe(1 + 2 + 2);

      // Once its email is given up, the next purge removes it.
      await settleAll(store, T0, "dead");
      const again = await runPurge(store, { retentionDays: 730, nowMs: T0, mailDir: null });
      expect(again.ran && again.report.submissions).toEqual([
        { kind: "referral", month: "2024-03", count: 1 },
      ]);
      expect(await count(store, "submissions")).toBe(2);

      const stats = await lifecycleStats(store);
      expect(stats.oldestSubmissionAt).toBe(T0 - 730 * DAY_MS);
      expect(stats.lastPurgeAt).toBe(T0);
      const removed = (action: string, table: string) =>
        stats.removed
          .filter((row) => row.action === action && row.table === table)
          .reduce((sum, row) => sum + row.count, 0);
      expect(removed("purged", "submissions")).toBe(3);
      expect(removed("purged", "outbox")).toBe(4);
    });

    test("one purge at a time with two instances", async () => {
      const other = await db.open();
      for (let i = 0; i < 3; i += 1) {
        await record(db.store, partner(`old${i}@example.com`), T0 - 800 * DAY_MS);
      }
      await settleAll(db.store, T0 - 799 * DAY_MS);
      // Instance a is purging: b's purge is refused and removes nothing.
      expect(await takeLease(db.store, PURGE_TASK, "a", T0, 15 * 60_000)).toBeNull();
      const refused = await runPurge(other, {
        retentionDays: 730,
        nowMs: T0 + 1000,
        mailDir: null,
      });
      expect(refused).toEqual({ ran: false, holder: { owner: "a", until: T0 + 15 * 60_000 } });
      expect(await count(other, "submissions")).toBe(3);
      // a crashed without giving the lease back: b purges once the lease has run out.
      const later = T0 + 15 * 60_000 + 1;
      const ran = await runPurge(other, { retentionDays: 730, nowMs: later, mailDir: null });
      expect(ran.ran && ran.report.submissions).toEqual([
        { kind: "partner", month: "2024-03", count: 3 },
      ]);
      // Takers racing on both instances: exactly one gets the lease.
      const takers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          takeLease(i % 2 === 0 ? db.store : other, "race", `owner-${i}`, later, 60_000),
        ),
      );
      expect(takers.filter((holder) => holder === null)).toHaveLength(1);
      const winner = takers.indexOf(null);
      expect(new Set(takers.filter(Boolean).map((holder) => holder?.owner))).toEqual(
        new Set([`owner-${winner}`]),
      );
    });

    test("find, export and erase cover every role, by the normalised address", async () => {
      const { store } = db;
      await record(store, referral("Ana@Example.com", "f1@example.com"), T0);
      await record(store, referral("zed@example.com", "ana@example.com"), T0 + 1);
      await record(store, partner("ANA@example.com", { notes: "call me" }), T0 + 2);
      await record(store, partner("someone@example.com"), T0 + 3);
      // A +tag is another address: not this person's data.
      await record(store, referral("zed@example.com", "ana+news@example.com"), T0 + 4);
      // The referral to ana is delivered: the friend's clear text is gone, the hash stays.
      const outbox = new OutboxRepository(store);
      const claimed = await outbox.claim({
        owner: "settler",
        nowMs: T0 + 5,
        leaseUntil: T0 + 60_000,
        kinds: ["referral"],
        limit: 10,
      });
      const toAna = claimed.find((row) => row.payload.includes('"friendEmail":"ana@example.com"'));
      await settle(outbox, toAna as ClaimedEmail, T0 + 6, "sent");
      await outbox.release(
        claimed.filter((row) => row !== toAna).map((row) => row.id),
        "settler",
      );

      const key = TEST_KEYS.of("  ANA@example.COM ");
      const found = await findSubmissions(store, key);
      expect(found.map((row) => [row.kind, row.roles])).toEqual([
        ["referral", ["referrer"]],
        ["referral", ["friend"]],
        ["partner", ["partner"]],
      ]);
      expect(found[1]?.payload).toEqual({
        yourFirstName: "Ana",
        yourLastName: "García",
        yourEmail: "zed@example.com",
      });
      expect(found[1]?.minimisedAt).toBe(T0 + 6);
      expect(found[1]?.emails.map((email) => [email.kind, email.state, email.sentAt])).toEqual([
        ["referral", "sent", T0 + 6],
      ]);

      const exported = personalDataExport(normaliseAddress(" ANA@example.COM"), found, {
        nowMs: T0 + 10,
        retentionDays: 730,
        messageDomain: "beyondbudget.app",
      });
      expect(exportSchema.parse(JSON.parse(JSON.stringify(exported)))).toEqual(exported);
      expect(exported.address).toBe("ana@example.com");
      expect(exported.submissions[2]).toMatchObject({
        roles: ["partner"],
        fields: { email: "ANA@example.com", notes: "call me", company: VALID_PARTNER.company },
        deleteBy: new Date(T0 + 2 + 730 * DAY_MS).toISOString(),
      });
      expect(exported.submissions[2]?.emails.map((email) => [email.kind, email.recipient])).toEqual(
        [
          ["partner-ack", "partner"],
          ["partner-notify", "team"],
        ],
      );
      expect(exported.submissions[1]?.friendFieldsRemovedAt).toBe(new Date(T0 + 6).toISOString());

      const erased = await eraseSubmissions(store, key);
      expect(erased.submissions.map((row) => row.kind)).toEqual([
        "referral",
        "referral",
        "partner",
      ]);
      expect(erased.emails.map((email) => [email.kind, email.state]).sort()).toEqual([
        ["partner-ack", "pending"],
        ["partner-notify", "pending"],
        ["referral", "pending"],
        ["referral", "sent"],
      ]);
      expect(erased.inFlight).toEqual([]);
      expect(await findSubmissions(store, key)).toEqual([]);
      // The others' data is untouched.
      expect(await count(store, "submissions")).toBe(2);
      expect(await findSubmissions(store, TEST_KEYS.of("ana+news@example.com"))).toHaveLength(1);
    });

    test("erase racing a send: no email to the erased address leaves after erase returns", async () => {
      const smtp = new TestSmtpServer();
      await smtp.start();
      // Each message is held in its DATA phase, so one is on the wire when erase runs.
      smtp.behaviour.dataDelayMs = 1500;
      const server = db.store;
      const tool = await db.open();
      const now = Date.now() - 1000;
      await record(server, referral("erase-me@example.com", "their-friend@example.com"), now);
      await record(server, partner("erase-me@example.com"), now + 1);
      await record(server, referral("other@example.com", "erase-me@example.com"), now + 2);
      await record(server, partner("bystander@example.com"), now + 3);
      const transport = createMailTransport({
        smtpUrl: smtp.url,
        mailDir: "/nonexistent",
        mailFrom: "hello@beyondbudget.app",
      });
      const worker = testWorker({
        outbox: new OutboxRepository(server),
        transport,
        schedule: RETRY_SCHEDULES.fast,
        exclusive: server.dialect === "sqlite",
        pollMs: 20,
      });
      await worker.start();
      try {
        // The first email (to their-friend@) is in DATA; the worker holds the lease of all
        // six rows (one claim) and sends them one by one.
        await waitFor(() => smtp.inFlight === 1, 10_000);
        const leased = await tool.db
          .selectFrom("outbox")
          .select("id")
          .where("lease_owner", "=", worker.owner)
          .execute();
        expect(leased.length).toBe(6);
        let waited = 0;
        const outcome = await eraseSubmissions(tool, TEST_KEYS.of("erase-me@example.com"), {
          onWaiting: (emails) => {
            waited = emails;
          },
        });
        const returnedAt = Date.now();
        expect(waited).toBe(1);
        expect(outcome.submissions).toHaveLength(3);
        expect(outcome.inFlight.map((email) => [email.kind, email.state])).toEqual([
          ["referral", "sent"],
        ]);
        expect(outcome.emails.map((email) => email.state)).toEqual([
          "pending",
          "pending",
          "pending",
        ]);
        const erasedIds = new Set(
          [...outcome.emails, ...outcome.inFlight].map((email) => email.id),
        );
        // The bystander's two emails still go out: the worker skipped the withdrawn rows.
        await waitFor(
          () =>
            smtp.received.filter((mail) => mail.raw.includes("bystander@example.com")).length === 2,
          20_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        const erasedMail = smtp.received.filter((mail) =>
          erasedIds.has(/^Message-ID: <([^@]+)@/m.exec(mail.raw)?.[1] ?? ""),
        );
        expect(erasedMail).toHaveLength(1);
        expect(erasedMail[0]?.at).toBeLessThan(returnedAt);
        expect(smtp.received.some((mail) => mail.to.includes("erase-me@example.com"))).toBe(false);
        expect(smtp.received).toHaveLength(3);
        expect(await count(tool, "submissions")).toBe(1);
        expect(await count(tool, "outbox")).toBe(2);
      } finally {
        await worker.stop();
        transport.close();
        await smtp.stop();
      }
    }, 60_000);

    test("the friend's clear text leaves after delivery, and the per-recipient limit still holds", async () => {
      const { store } = db;
      const friend = "Friend.Person@Example.com";
      await record(
        store,
        referral("ana@example.com", friend, { friendFirstName: "Zebulon", friendLastName: "Quux" }),
        T0,
      );
      await record(store, referral("ida@example.com", "given-up@example.com"), T0);
      const outbox = new OutboxRepository(store);
      const [first, second] = await outbox.claim({
        owner: "settler",
        nowMs: T0,
        leaseUntil: T0 + 60_000,
        kinds: ["referral"],
        limit: 2,
      });
      await settle(outbox, first as ClaimedEmail, T0 + 1000, "sent");
      await settle(outbox, second as ClaimedEmail, T0 + 1000, "dead");
      const rows = await store.db
        .selectFrom("submissions")
        .select(["payload", "minimised_at", "recipient_key"])
        .execute();
      for (const row of rows) {
        expect(Object.keys(JSON.parse(row.payload)).sort()).toEqual([
          "yourEmail",
          "yourFirstName",
          "yourLastName",
        ]);
        expect(Number(row.minimised_at)).toBe(T0 + 1000);
        expect(row.payload).not.toMatch(/Zebulon|Quux|friend\.person|given-up/i);
      }
      expect(rows.map((row) => row.recipient_key)).toContain(TEST_KEYS.of(friend));
      // A week later someone else refers the same friend (any spelling): no second email.
      const again = await record(
        store,
        referral("eva@example.com", " friend.person@example.COM "),
        T0 + 7 * DAY_MS,
      );
      expect(again).toBe("suppressed");
      expect(await count(store, "outbox")).toBe(2);
      const suppressed = await store.db
        .selectFrom("submissions")
        .select(["payload", "minimised_at"])
        .where("status", "=", "suppressed")
        .executeTakeFirstOrThrow();
      expect(suppressed.payload).not.toContain("friend.person");
      expect(Number(suppressed.minimised_at)).toBe(T0 + 7 * DAY_MS);
      // After the window, the friend may be emailed again.
      expect(await record(store, referral("eva@example.com", friend), T0 + 31 * DAY_MS)).toBe(
        "queued",
      );
    });

    test("erasures are replayed after a backup from before them is restored", async () => {
      await record(db.store, referral("gone@example.com", "f@example.com"), T0);
      await record(db.store, partner("gone@example.com"), T0);
      await record(db.store, partner("stays@example.com"), T0);
      const restore = await db.backup();
      const erased = await command(db, ["erase", "Gone@example.com", "--yes"]);
      expect(erased.code).toBe(0);
      expect(erased.out).toContain("Removed 2 submissions");
      expect(erased.logs).toEqual([
        {
          msg: "erasure done",
          requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          submissions: { referral: 1, partner: 1 },
          emails: { referral: 1, "partner-notify": 1, "partner-ack": 1 },
          cancelled: 3,
          inFlight: 0,
        },
      ]);
      expect(await findSubmissions(db.store, TEST_KEYS.of("gone@example.com"))).toEqual([]);

      // The database is restored from the backup: the erased rows are back.
      const store = await restore();
      expect(await findSubmissions(store, TEST_KEYS.of("gone@example.com"))).toHaveLength(2);
      // The same person writes again after the erasure: new data, which a replay keeps.
      await record(
        store,
        partner("gone@example.com", { notes: "back again" }),
        Date.now() + DAY_MS,
      );
      const replayed = await command(db, ["erase", "--replay"]);
      expect(replayed.code).toBe(0);
      expect(replayed.out).toContain("2 submission(s) and 3 email(s) removed again");
      const left = await findSubmissions(store, TEST_KEYS.of("gone@example.com"));
      expect(left.map((row) => row.payload.notes)).toEqual(["back again"]);
      expect(await findSubmissions(store, TEST_KEYS.of("stays@example.com"))).toHaveLength(1);
      // Replaying twice changes nothing more.
      expect((await command(db, ["erase", "--replay"])).out).toContain(
        "0 submission(s) and 0 email(s) removed again",
      );
    });

    test("the command: find prints a table, export the versioned JSON, erase asks first", async () => {
      await record(db.store, referral("cli@example.com", "pal@example.com"), T0);
      await record(db.store, partner("pal@example.com"), T0 + 1);
      const found = await command(db, ["find", "PAL@example.com"]);
      expect(found.out).toMatch(/^id\s+created_at\s+kind\s+role/);
      expect(found.out).toMatch(/referral\s+friend\s+Ana García/);
      expect(found.out).toMatch(/partner\s+partner\s+Łukasz Nowak/);
      expect(found.out).toContain("2 submissions");
      expect(found.logs).toEqual([{ msg: "find", requestId: expect.any(String), submissions: 2 }]);

      const exported = await command(db, ["export", "pal@example.com"]);
      const document = exportSchema.parse(JSON.parse(exported.out));
      expect(document.submissions.map((row) => row.roles)).toEqual([["friend"], ["partner"]]);
      expect(document.submissions[0]?.fields.friendEmail).toBe("pal@example.com");

      const declined = await command(db, ["erase", "pal@example.com"], {}, "no");
      expect(declined.code).toBe(1);
      expect(declined.out).toContain('Type "yes" to go on');
      expect(declined.out).toContain("Nothing erased.");
      expect(await findSubmissions(db.store, TEST_KEYS.of("pal@example.com"))).toHaveLength(2);
      const confirmed = await command(db, ["erase", "pal@example.com"], {}, "yes");
      expect(confirmed.code).toBe(0);
      expect(await findSubmissions(db.store, TEST_KEYS.of("pal@example.com"))).toEqual([]);
      // The referrer's own submission went with it (it named pal as the friend).
      expect(await count(db.store, "submissions")).toBe(0);

      const purge = await command(db, ["purge", "--dry-run"]);
      expect(purge.out).toContain("Would remove what was stored before");
    });
  });
}
