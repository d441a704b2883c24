import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { buildApp } from "../app.ts";
import { StartupError } from "../startup-error.ts";
import { listSubmissions } from "../store/submissions.ts";
import {
  createFormTestBed,
  type FormTestBed,
  formBody,
  startFormApp,
  testApiConfig,
  testServerConfig,
} from "../test-support/form-app.ts";
import { TestSmtpServer, waitFor } from "../test-support/smtp.ts";

const HEADERS = { accept: "application/json", "content-type": "application/x-www-form-urlencoded" };

let bed: FormTestBed;

beforeAll(async () => {
  bed = await createFormTestBed();
});

afterAll(async () => {
  await bed?.cleanup();
});

function post(app: FastifyInstance, url: string, fields: Record<string, string>, ip = "192.0.2.1") {
  return app.inject({
    method: "POST",
    url,
    payload: formBody(fields),
    headers: HEADERS,
    remoteAddress: ip,
  });
}

async function rows(app: FastifyInstance) {
  const api = app.formApi;
  if (!api) throw new Error("no form API");
  return listSubmissions(api.store);
}

const unlimited = { RATE_LIMIT_PER_10_MIN: "1000", RATE_LIMIT_PER_DAY: "1000" };

test("SMTP down then back: posts are acknowledged fast, every email is delivered exactly once", async () => {
  const smtp = new TestSmtpServer();
  await smtp.start();
  await smtp.stop();
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), { ...unlimited, SMTP_URL: smtp.url }),
  );
  try {
    const started = Date.now();
    for (let i = 0; i < 8; i += 1) {
      const response = await post(app, "/api/sendEmail", {
        ...VALID_REFERRAL,
        friendEmail: `down${i}@example.com`,
      });
      expect(response.statusCode).toBe(200);
    }
    const partner = await post(app, "/api/joinPartner", VALID_PARTNER);
    expect(partner.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // Let a few attempts fail against the closed port.
    await waitFor(async () =>
      (await rows(app)).every((row) => row.emails.every((email) => email.attempts >= 2)),
    );
    expect(smtp.received).toHaveLength(0);
    const failing = (await rows(app))[0]?.emails[0];
    expect(failing).toMatchObject({
      state: "pending",
      lastError: expect.stringMatching(/^E[A-Z]+/),
    });

    await smtp.start();
    await waitFor(() => smtp.received.length >= 10, 30_000);
    await waitFor(async () =>
      (await rows(app)).every((row) => row.emails.every((email) => email.state === "sent")),
    );
    // Nothing more arrives: exactly once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const recipients = smtp.received.map((mail) => mail.to.join(","));
    expect(recipients).toHaveLength(10);
    expect(new Set(recipients).size).toBe(10);
    const messageIds = smtp.received.map((mail) => /^Message-ID: (.+)$/m.exec(mail.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(10);
  } finally {
    await app.close();
    await smtp.stop();
  }
}, 60_000);

test("a 5xx to RCPT dead-letters at once (no retry storm) and does not block other rows", async () => {
  const smtp = new TestSmtpServer();
  await smtp.start();
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), { ...unlimited, SMTP_URL: smtp.url }),
  );
  try {
    smtp.behaviour.rcptStatus = 550;
    await post(app, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: "nobody@example.com" });
    await waitFor(async () => (await rows(app))[0]?.emails[0]?.state === "dead");
    expect((await rows(app))[0]?.emails[0]).toMatchObject({
      attempts: 1,
      lastError: "EENVELOPE 550 RCPT TO",
    });

    smtp.behaviour.rcptStatus = 450;
    await post(app, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: "greylisted@example.com" });
    await waitFor(async () => ((await rows(app))[1]?.emails[0]?.attempts ?? 0) >= 1);
    expect((await rows(app))[1]?.emails[0]?.state).toBe("pending");

    smtp.behaviour.rcptStatus = null;
    await post(app, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: "fine@example.com" });
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("fine@example.com")));
    await waitFor(
      () => smtp.received.some((mail) => mail.to.includes("greylisted@example.com")),
      15_000,
    );
    expect(smtp.received.filter((mail) => mail.to.includes("nobody@example.com"))).toHaveLength(0);
  } finally {
    await app.close();
    await smtp.stop();
  }
}, 30_000);

test("REL-2: a read-only database answers 503 with Retry-After, pages still work, then it recovers", async () => {
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), unlimited),
  );
  try {
    const sqlite = app.formApi?.store.sqlite;
    if (!sqlite) throw new Error("expected SQLite");
    sqlite.pragma("query_only = ON");
    const started = Date.now();
    const failed = await post(app, "/api/sendEmail", VALID_REFERRAL);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers["retry-after"]).toBe("30");
    expect(failed.json()).toEqual({ error: "Service Unavailable" });
    expect(failed.body).not.toMatch(/SQLITE|readonly|\.db/i);
    expect(Date.now() - started).toBeLessThan(6000);
    // A client that sends no Accept (curl, an integration) gets the status too, never a page.
    const bare = await app.inject({
      method: "POST",
      url: "/api/sendEmail",
      payload: formBody(VALID_REFERRAL),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: "192.0.2.2",
    });
    expect(bare.statusCode).toBe(503);
    expect(bare.headers["retry-after"]).toBe("30");
    expect(bare.headers.location).toBeUndefined();
    expect((await app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);

    sqlite.pragma("query_only = OFF");
    const recovered = await post(app, "/api/sendEmail", VALID_REFERRAL);
    expect(recovered.statusCode).toBe(200);
    expect(await rows(app)).toHaveLength(1);
  } finally {
    await app.close();
  }
});

test("without SMTP_URL the emails are written as .eml files under DATA_DIR/mail", async () => {
  const dataDir = await bed.newDataDir();
  const app = await startFormApp(bed.fake.buildDir, testApiConfig(dataDir, unlimited));
  try {
    await post(app, "/api/joinPartner?locale=fr", VALID_PARTNER);
    const mailDir = path.join(dataDir, "mail");
    await waitFor(
      async () =>
        (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith(".eml")).length ===
        2,
    );
    const files = await readdir(mailDir);
    expect(files.every((name) => /^[0-9a-f-]{36}\.eml$/.test(name))).toBe(true);
    const texts = await Promise.all(
      files.map((name) => readFile(path.join(mailDir, name), "utf8")),
    );
    expect(texts.some((text) => /^To: partners@beyondbudget\.app$/m.test(text))).toBe(true);
    expect(texts.some((text) => /^To: lukasz@example\.pl$/m.test(text))).toBe(true);
    expect(texts.some((text) => /^Content-Language: fr-FR$/m.test(text))).toBe(true);
  } finally {
    await app.close();
  }
});

test("SEC-3 circuit breaker: above the hourly referral limit, referral emails are held, others flow", async () => {
  const smtp = new TestSmtpServer();
  await smtp.start();
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), {
      ...unlimited,
      SMTP_URL: smtp.url,
      REFERRAL_MAIL_PER_HOUR: "2",
    }),
  );
  try {
    for (let i = 0; i < 4; i += 1) {
      const response = await post(app, "/api/sendEmail", {
        ...VALID_REFERRAL,
        friendEmail: `burst${i}@example.com`,
      });
      expect(response.statusCode).toBe(200);
    }
    await post(app, "/api/joinPartner", VALID_PARTNER);
    await waitFor(() => smtp.received.length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const referrals = smtp.received.filter((mail) => mail.to[0]?.startsWith("burst"));
    expect(referrals).toHaveLength(2);
    // Partner emails are not held.
    expect(smtp.received).toHaveLength(4);
    const states = (await rows(app))
      .filter((row) => row.kind === "referral")
      .map((row) => row.emails[0]?.state);
    expect(states.sort()).toEqual(["pending", "pending", "sent", "sent"]);
  } finally {
    await app.close();
    await smtp.stop();
  }
});

test("REL-3: a server that accepts TCP and stays silent is cut off by the greeting timeout", async () => {
  const { createServer } = await import("node:net");
  const sockets: import("node:net").Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as import("node:net").AddressInfo).port;
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), { ...unlimited, SMTP_URL: `smtp://127.0.0.1:${port}` }),
    { smtpTimeouts: { greetingMs: 300 } },
  );
  try {
    const response = await post(app, "/api/sendEmail", VALID_REFERRAL);
    expect(response.statusCode).toBe(200);
    await waitFor(async () => ((await rows(app))[0]?.emails[0]?.attempts ?? 0) >= 1, 5000);
    expect((await rows(app))[0]?.emails[0]).toMatchObject({
      state: "pending",
      lastError: expect.stringContaining("ETIMEDOUT"),
    });
  } finally {
    await app.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test("REL-7: refuses to start with a clear message when DATA_DIR cannot hold the database", async () => {
  const blocker = path.join(bed.dataRoot, "not-a-directory");
  await writeFile(blocker, "x");
  const config = testServerConfig(bed.fake.buildDir, testApiConfig(path.join(blocker, "data")));
  await expect(buildApp(config)).rejects.toThrow(StartupError);
  await expect(buildApp(config)).rejects.toThrow(/Cannot open the database .*not-a-directory/);
});

test("REL-7: migrations are idempotent and the database survives restarts", async () => {
  const dataDir = await bed.newDataDir();
  for (let run = 0; run < 3; run += 1) {
    const app = await startFormApp(bed.fake.buildDir, testApiConfig(dataDir, unlimited));
    await post(app, "/api/sendEmail", {
      ...VALID_REFERRAL,
      friendEmail: `restart${run}@example.com`,
    });
    expect(await rows(app)).toHaveLength(run + 1);
    const sqlite = app.formApi?.store.sqlite;
    expect(sqlite?.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite?.pragma("synchronous", { simple: true })).toBe(2);
    expect(sqlite?.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite?.pragma("busy_timeout", { simple: true })).toBe(250);
    await app.close();
  }
});

test("REL-5: closing the app lets the email in flight finish, then stops claiming and closes the store", async () => {
  const smtp = new TestSmtpServer();
  await smtp.start();
  smtp.behaviour.dataDelayMs = 800;
  const app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), { ...unlimited, SMTP_URL: smtp.url }),
  );
  const api = app.formApi;
  try {
    await post(app, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: "inflight@example.com" });
    await post(app, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: "later@example.com" });
    await waitFor(() => smtp.inFlight === 1);
    await app.close();
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(["inflight@example.com"]);
    // The store is closed: any query now fails.
    await expect(api?.store.db.selectFrom("outbox").selectAll().execute()).rejects.toThrow();
  } finally {
    await smtp.stop();
  }
  // The next process sends the rest, and marks nothing twice.
  const reopened = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(api?.store.location.replace(/\/submissions\.db$/, "") ?? "", {
      ...unlimited,
      SMTP_URL: smtp.url,
    }),
  );
  try {
    await smtp.start(smtp.port);
    smtp.behaviour.dataDelayMs = 0;
    await waitFor(() => smtp.received.some((mail) => mail.to.includes("later@example.com")));
    const states = (await rows(reopened)).map((row) => row.emails[0]?.state);
    await waitFor(async () =>
      (await rows(reopened)).every((row) => row.emails[0]?.state === "sent"),
    );
    expect(states).toHaveLength(2);
    expect(smtp.received.filter((mail) => mail.to.includes("inflight@example.com"))).toHaveLength(
      1,
    );
  } finally {
    await reopened.close();
    await smtp.stop();
  }
  // Two app starts and an 800 ms SMTP delay: on a loaded CI machine this passes 5 s.
}, 20_000);
