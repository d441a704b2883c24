import { expect, test } from "vitest";
import { OutboxRepository } from "../store/outbox.ts";
import { listSubmissions } from "../store/submissions.ts";
import {
  FakeTransport,
  queueSubmissions,
  tempStorePerTest,
  testWorker,
} from "../test-support/outbox.ts";
import { waitFor } from "../test-support/smtp.ts";
import type { RetrySchedule } from "./schedule.ts";

const HOUR_MS = 3_600_000;
const bed = tempStorePerTest("beyond-worker-");

test("after a long outage, one probe at the capped pace finds SMTP back and sends everything at once", async () => {
  const store = bed.store;
  let clock = Date.UTC(2026, 0, 1);
  const friends = ["wait0@example.com", "wait1@example.com", "wait2@example.com"];
  await queueSubmissions(store, "referral", friends, clock);
  // Past the first hour every retry waits 30 minutes; the probe runs every 5.
  const schedule: RetrySchedule = {
    stepsMs: [1000],
    capMs: 5 * 60_000,
    lateAfterMs: 0,
    lateMs: 30 * 60_000,
    giveUpAfterMs: 72 * HOUR_MS,
  };
  const transport = new FakeTransport(true);
  const worker = testWorker({
    outbox: new OutboxRepository(store),
    transport,
    schedule,
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
  const store = bed.store;
  const clock = Date.UTC(2026, 0, 1);
  await queueSubmissions(store, "referral", ["ok1@example.com", "ok2@example.com"], clock);
  await store.db
    .updateTable("submissions")
    .set({ payload: "{broken" })
    .where("payload", "like", "%ok1@%")
    .execute();
  const transport = new FakeTransport();
  const worker = testWorker({
    outbox: new OutboxRepository(store),
    transport,
    schedule: {
      stepsMs: [1000],
      capMs: 1000,
      lateAfterMs: HOUR_MS,
      lateMs: 1000,
      giveUpAfterMs: HOUR_MS,
    },
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
