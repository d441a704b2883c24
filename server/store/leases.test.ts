import { beforeEach, describe, expect, test } from "vitest";
import {
  FakeTransport,
  queueSubmissions,
  tempStorePerTest,
  testWorker,
} from "../test-support/outbox.ts";
import { waitFor } from "../test-support/smtp.ts";
import type { Store } from "./database.ts";
import { type ClaimedEmail, OutboxRepository } from "./outbox.ts";

/**
 * The lease rules of several instances on one database (issue 16, REL-3), with two owners
 * and a fake clock. The SQL is the same on both dialects; SQLite keeps these fast, and
 * postgres.test.ts runs the concurrency part against a real PostgreSQL.
 */
const T0 = Date.UTC(2026, 0, 1);
const TTL = 20_000;
const LEASE = 300_000;

const bed = tempStorePerTest("beyond-leases-");
let store: Store;
let outbox: OutboxRepository;
beforeEach(() => {
  store = bed.store;
  outbox = new OutboxRepository(store);
});

const queue = (count: number, nowMs = T0) =>
  queueSubmissions(
    store,
    "partner",
    Array.from({ length: count }, (_, i) => `lead${i}@example.com`),
    nowMs,
  );

const claim = (owner: string, nowMs: number, limit = 10) =>
  outbox.claim({ owner, nowMs, leaseUntil: nowMs + LEASE, kinds: ["partner-ack"], limit });

async function owners() {
  const rows = await store.db.selectFrom("outbox").select("lease_owner").execute();
  return rows.map((row) => row.lease_owner);
}

describe("lease rules with two instances", () => {
  test("a starting instance leaves a live instance's leases alone", async () => {
    await queue(3);
    await outbox.heartbeat("a-1", "a", T0, T0 + TTL);
    expect(await claim("a-1", T0)).toHaveLength(3);

    await outbox.heartbeat("b-1", "b", T0 + 1000, T0 + 1000 + TTL);
    expect(await outbox.releaseStaleLeases("b-1", "b", T0 + 1000)).toBe(0);
    expect(await claim("b-1", T0 + 1000)).toHaveLength(0);
    expect(await owners()).toEqual(["a-1", "a-1", "a-1"]);
  });

  test("once an owner's heartbeat expires, the other instance releases and takes its rows", async () => {
    await queue(2);
    await outbox.heartbeat("a-1", "a", T0, T0 + TTL);
    await claim("a-1", T0);
    // a-1 was killed: no renewal. b keeps beating; just before a's expiry nothing moves.
    await outbox.heartbeat("b-1", "b", T0 + TTL, T0 + 2 * TTL);
    expect(await outbox.releaseStaleLeases("b-1", "b", T0 + TTL)).toBe(0);
    const later = T0 + TTL + 1;
    await outbox.heartbeat("b-1", "b", later, later + TTL);
    expect(await outbox.releaseStaleLeases("b-1", "b", later)).toBe(2);
    expect(await claim("b-1", later)).toHaveLength(2);
    expect(await owners()).toEqual(["b-1", "b-1"]);
  });

  test("a restarted instance takes back its own predecessor's leases at once, never the other's", async () => {
    await queue(4);
    await outbox.heartbeat("a-1", "a", T0, T0 + TTL);
    await outbox.heartbeat("b-1", "b", T0, T0 + TTL);
    await claim("a-1", T0, 2);
    await claim("b-1", T0, 2);
    // a-1 died a second ago; its heartbeat is still within the TTL.
    await outbox.heartbeat("a-2", "a", T0 + 1000, T0 + 1000 + TTL);
    expect(await outbox.releaseStaleLeases("a-2", "a", T0 + 1000)).toBe(2);
    expect((await owners()).sort()).toEqual(["b-1", "b-1", null, null]);
    expect(await claim("a-2", T0 + 1000)).toHaveLength(2);
    // b-1 restarting would not have touched a-2's rows either.
    await outbox.heartbeat("b-2", "b", T0 + 2000, T0 + 2000 + TTL);
    expect(await outbox.releaseStaleLeases("b-2", "b", T0 + 2000)).toBe(2);
    expect((await owners()).sort()).toEqual(["a-2", "a-2", null, null]);
  });

  test("an expired lease is claimable even while its owner lives; a stale owner cannot settle it", async () => {
    await queue(1);
    await outbox.heartbeat("a-1", "a", T0, T0 + 10 * LEASE);
    const [row] = await claim("a-1", T0);
    expect(await claim("b-1", T0 + LEASE)).toHaveLength(0);
    expect(await claim("b-1", T0 + LEASE + 1)).toHaveLength(1);
    // a-1 wakes up late and tries to record its outcome: the row is b-1's now.
    expect(await outbox.markSent(row as ClaimedEmail, "a-1", T0 + LEASE + 2)).toBe(false);
    expect(await outbox.markSending((row as ClaimedEmail).id, "a-1", T0 + LEASE + 2)).toBe(false);
    const after = await store.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect([after.state, after.lease_owner]).toEqual(["pending", "b-1"]);
  });

  test("a worker that stops cleanly retires its heartbeat, so its instance's slot is free", async () => {
    await outbox.heartbeat("a-1", "a", T0, T0 + TTL);
    await outbox.retire("a-1");
    const rows = await store.db.selectFrom("outbox_workers").selectAll().execute();
    expect(rows).toEqual([]);
  });

  test("SQLite's single writer releases every other owner's lease at boot", async () => {
    await queue(2);
    await outbox.heartbeat("old", "x", T0, T0 + TTL);
    await claim("old", T0);
    expect(await outbox.releaseAllLeasesExcept("new")).toBe(2);
    expect(await owners()).toEqual([null, null]);
  });
});

test("a second worker on a shared database waits for the first one's heartbeat to expire", async () => {
  await queue(3);
  let clock = T0;
  // Instance a claimed the rows and then froze (no heartbeat renewals from now on).
  await outbox.heartbeat("a-1", "a", clock, clock + TTL);
  await claim("a-1", clock);
  const transport = new FakeTransport();
  const worker = testWorker({
    outbox,
    transport,
    schedule: {
      stepsMs: [1000],
      capMs: 1000,
      lateAfterMs: LEASE,
      lateMs: 1000,
      giveUpAfterMs: LEASE,
    },
    now: () => clock,
    pollMs: 5,
    instance: "b",
    exclusive: false,
    heartbeatMs: 10,
    heartbeatTtlMs: TTL,
  });
  await worker.start();
  try {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent).toHaveLength(0);
    clock = T0 + TTL + 1;
    await waitFor(() => transport.sent.length === 3, 5000);
    expect(new Set(transport.sent.map((email) => email.to)).size).toBe(3);
  } finally {
    await worker.stop();
  }
  const states = await store.db.selectFrom("outbox").select("state").execute();
  expect(states.map((row) => row.state)).toEqual(["sent", "sent", "sent"]);
});
