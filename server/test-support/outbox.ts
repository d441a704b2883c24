import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { loadMailCatalogues, type OutgoingEmail } from "../mail/compose.ts";
import type { MailTransport } from "../mail/transport.ts";
import { OutboxWorker, type WorkerOptions } from "../outbox/worker.ts";
import { AddressKeys } from "../privacy/address-keys.ts";
import { openStore, type Store } from "../store/database.ts";
import { recordSubmission } from "../store/submissions.ts";

/** RECIPIENT_KEY_SECRET of the tests (a server, the submissions command). */
export const TEST_SECRET = "a test secret that is long enough to key the hashes";
/** The address keys of the tests that record submissions directly. */
export const TEST_KEYS = new AddressKeys(TEST_SECRET);

/** A fresh SQLite store per test, in a temporary directory removed afterwards. */
export function tempStorePerTest(prefix: string): { readonly store: Store } {
  let dir = "";
  let store: Store | null = null;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
    store = await openStore({ dataDir: dir, databaseUrl: null });
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get store() {
      if (store === null) throw new Error("the store exists only inside a test");
      return store;
    },
  };
}

/**
 * Records one submission per recipient address, each with its one email queued: partner
 * requests (`lead…`) or referrals to the given friends.
 */
export async function queueSubmissions(
  store: Store,
  kind: "partner" | "referral",
  addresses: readonly string[],
  nowMs: number,
): Promise<void> {
  for (const address of addresses) {
    await recordSubmission(
      store,
      kind === "partner"
        ? {
            kind,
            locale: "en",
            payload: { ...VALID_PARTNER, email: address },
            emails: ["partner-ack"],
          }
        : {
            kind,
            locale: "en",
            payload: { ...VALID_REFERRAL, friendEmail: address },
            emails: ["referral"],
          },
      { nowMs, duplicateWindowMs: 1, recipientWindowMs: 1 },
      TEST_KEYS,
    );
  }
}

/** A transport that fails with a connection error while `down`, and records what it sends. */
export class FakeTransport implements MailTransport {
  readonly mode = "smtp" as const;
  readonly sent: OutgoingEmail[] = [];
  down: boolean;
  constructor(down = false) {
    this.down = down;
  }
  async send(email: OutgoingEmail) {
    if (this.down) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" });
    this.sent.push(email);
  }
  close() {}
}

const SILENT_LOG = { info: () => {}, warn: () => {}, error: () => {} };

/** A worker with the site's mail settings and a silent log; the test sets the rest. */
export function testWorker(
  options: Omit<WorkerOptions, "compose" | "referralMailPerHour" | "log">,
): OutboxWorker {
  return new OutboxWorker({
    compose: {
      catalogues: loadMailCatalogues(),
      mailFrom: "hello@beyondbudget.app",
      partnerNotifyTo: "partners@beyondbudget.app",
    },
    referralMailPerHour: 200,
    log: SILENT_LOG,
    ...options,
  });
}
