import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import type { OutgoingEmail } from "../mail/compose.ts";
import { loadMailCatalogues } from "../mail/compose.ts";
import type { MailTransport } from "../mail/transport.ts";
import { openStore, type Store } from "../store/database.ts";
import { OutboxRepository } from "../store/outbox.ts";
import { listSubmissions, recordSubmission } from "../store/submissions.ts";
import { waitFor } from "../test-support/smtp.ts";
import type { RetrySchedule } from "./schedule.ts";
import { OutboxWorker } from "./worker.ts";

const HOUR_MS = 3_600_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A transport that fails with a connection error while `down`, and records what it sends. */
class FakeTransport implements MailTransport {
  readonly mode = "smtp" as const;
  down = true;
  readonly sent: OutgoingEmail[] = [];
  async send(email: OutgoingEmail) {
    if (this.down) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" });
    this.sent.push(email);
  }
  close() {}
}

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "beyond-worker-"));
  store = await openStore({ dataDir: dir, databaseUrl: null });
});

afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

test("after a long outage, one probe at the capped pace finds SMTP back and sends everything at once", async () => {
  let clock = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 3; i += 1) {
    await recordSubmission(
      store,
      {
        kind: "referral",
        locale: "en",
        payload: { ...VALID_REFERRAL, friendEmail: `wait${i}@example.com` },
        recipientKey: `wait${i}@example.com`,
        emails: ["referral"],
      },
      { nowMs: clock, duplicateWindowMs: 1, recipientWindowMs: 1 },
    );
  }
  // Past the first hour every retry waits 30 minutes; the probe runs every 5.
  const schedule: RetrySchedule = {
    stepsMs: [1000],
    capMs: 5 * 60_000,
    lateAfterMs: 0,
    lateMs: 30 * 60_000,
    giveUpAfterMs: 72 * HOUR_MS,
  };
  const transport = new FakeTransport();
  const worker = new OutboxWorker({
    outbox: new OutboxRepository(store),
    transport,
    compose: {
      catalogues: loadMailCatalogues(),
      mailFrom: "hello@beyondbudget.app",
      partnerNotifyTo: "partners@beyondbudget.app",
    },
    schedule,
    referralMailPerHour: 200,
    log: silent,
    exclusive: true,
    now: () => clock,
    pollMs: 10,
  });
  await worker.start();
  try {
    const emails = async () => (await listSubmissions(store)).map((row) => row.emails[0]);
    await waitFor(async () => (await emails()).every((email) => email?.attempts === 1));

    transport.down = false;
    clock += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent).toHaveLength(0);

    clock += 5 * 60_000;
    await waitFor(() => transport.sent.length === 3, 5000);
    expect((await emails()).map((email) => email?.state)).toEqual(["sent", "sent", "sent"]);
    const leased = await store.db
      .selectFrom("outbox")
      .select("id")
      .where("lease_owner", "is not", null)
      .execute();
    expect(leased).toEqual([]);
  } finally {
    await worker.stop();
  }
});

test("a row that cannot be composed is dead-lettered and the others still go", async () => {
  const clock = Date.UTC(2026, 0, 1);
  for (const friendEmail of ["ok1@example.com", "ok2@example.com"]) {
    await recordSubmission(
      store,
      {
        kind: "referral",
        locale: "en",
        payload: { ...VALID_REFERRAL, friendEmail },
        recipientKey: friendEmail,
        emails: ["referral"],
      },
      { nowMs: clock, duplicateWindowMs: 1, recipientWindowMs: 1 },
    );
  }
  await store.db
    .updateTable("submissions")
    .set({ payload: "{broken" })
    .where("payload", "like", "%ok1@%")
    .execute();
  const transport = new FakeTransport();
  transport.down = false;
  const worker = new OutboxWorker({
    outbox: new OutboxRepository(store),
    transport,
    compose: {
      catalogues: loadMailCatalogues(),
      mailFrom: "hello@beyondbudget.app",
      partnerNotifyTo: "partners@beyondbudget.app",
    },
    schedule: {
      stepsMs: [1000],
      capMs: 1000,
      lateAfterMs: HOUR_MS,
      lateMs: 1000,
      giveUpAfterMs: HOUR_MS,
    },
    referralMailPerHour: 200,
    log: silent,
    exclusive: true,
    now: () => clock,
    pollMs: 10,
  });
  await worker.start();
  try {
    await waitFor(() => transport.sent.length === 1);
    const rows = await store.db
      .selectFrom("outbox")
      .select(["state", "last_error"])
      .orderBy("state")
      .execute();
    expect(rows).toEqual([
      { state: "dead", last_error: "EMALFORMED" },
      { state: "sent", last_error: null },
    ]);
  } finally {
    await worker.stop();
  }
});
