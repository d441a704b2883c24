/**
 * The production topology on one machine (issue 16): PostgreSQL, two API instances, a
 * loopback SMTP server and nginx serving the build with the generated configuration.
 * `npm run test:topology`; part of `npm test`. Needs nginx and PostgreSQL installed (it
 * fails with a clear message otherwise) and a build (`npm run build`).
 */
import assert from "node:assert/strict";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import pg from "pg";
import { SITE } from "../../app/lib/site-config.ts";
import { nginxMainConfig, writeNginxConfig } from "../../server/nginx-config.ts";
import { STEP_BY_STEP_PATHS } from "../../server/site.ts";
import { loadStaticIndex } from "../../server/static-index.ts";
import { postgresCtl, startPostgres } from "../../server/test-support/postgres.ts";
import { TestSmtpServer } from "../../server/test-support/smtp.ts";
import { VALID_PARTNER, VALID_REFERRAL } from "../fixtures/submissions.ts";
import {
  type Answer,
  findNginx,
  Instance,
  Nginx,
  ROOT,
  sample,
  send,
  waitUntil,
} from "./support.ts";

const BASE = Number(process.env.TOPOLOGY_PORT ?? 4452);
const PG_PORT = Number(process.env.TOPOLOGY_PG_PORT ?? BASE + 7);
const NGINX_PORT = BASE + 2;
const BUILD_DIR = path.join(ROOT, "build");

let temp = "";
let pgDir = "";
let databaseUrl = "";
let nginx: Nginx | null = null;
const smtp = new TestSmtpServer();
const instances: Instance[] = [];
const [api1, api2] = [0, 1].map(
  (i) =>
    new Instance(`api-${i + 1}`, BASE + i, BASE + 3 + i, {
      BUILD_DIR,
      TRUST_PROXY: "127.0.0.1",
      HSTS: "1",
      OUTBOX_RETRY_SCHEDULE: "fast",
      // Info: the outbox's sends, retries and lease releases name what went wrong on failure.
      LOG_LEVEL: "info",
    }),
) as [Instance, Instance];

before(async () => {
  const nginxBinary = findNginx();
  temp = await mkdtemp(path.join(tmpdir(), "beyond-topology-"));
  // nginx workers run as nobody when the test runs as root: they must reach the prefix.
  await chmod(temp, 0o755);
  const pgCluster = await startPostgres(PG_PORT, "the topology test");
  pgDir = pgCluster.dir;
  databaseUrl = pgCluster.url;
  await smtp.start(BASE + 5);
  for (const instance of [api1, api2]) {
    // One address key for both: instances on one PostgreSQL must share it (issue 49).
    Object.assign(instance.env, {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      RECIPIENT_KEY_SECRET: "the topology test's shared address key, 32+ chars",
    });
    instances.push(instance);
  }
  // Both start at once: the migrations must cope (advisory lock).
  await Promise.all([api1.start(), api2.start()]);

  const includeDir = path.join(temp, "conf");
  await writeNginxConfig(BUILD_DIR, includeDir, {
    trustProxy: ["127.0.0.1"],
    hsts: true,
    publicOrigin: SITE.origin,
  });
  await mkdir(path.join(temp, "logs"), { recursive: true });
  await writeFile(
    path.join(temp, "nginx.conf"),
    nginxMainConfig({
      prefix: temp,
      listen: `127.0.0.1:${NGINX_PORT}`,
      root: path.join(BUILD_DIR, "client"),
      includeDir,
      upstreams: [api1, api2].map((instance) => `127.0.0.1:${instance.port}`),
      workers: 1,
    }),
  );
  nginx = new Nginx(nginxBinary, temp);
  await nginx.start(NGINX_PORT);
});

after(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.kill()));
  await smtp.stop();
  if (pgDir) await postgresCtl("stop", pgDir).catch(() => {});
  if (temp) await rm(temp, { recursive: true, force: true });
});

const FORM_HEADERS = {
  "content-type": "application/x-www-form-urlencoded",
  accept: "application/json",
  "sec-fetch-mode": "cors",
  "sec-fetch-site": "same-origin",
};

/** A post through nginx from a chosen client address. */
function post(kind: "referral" | "partner", key: string, ip: string): Promise<Answer> {
  // A referral keeps its key in the referrer's name too: the friend's address leaves the
  // row once emailed (issue 49).
  const fields =
    kind === "referral"
      ? { ...VALID_REFERRAL, yourLastName: key, friendEmail: `${key}@example.com` }
      : { ...VALID_PARTNER, email: `${key}@example.com` };
  return send({
    port: NGINX_PORT,
    method: "POST",
    path: kind === "referral" ? "/api/sendEmail" : "/api/joinPartner",
    headers: FORM_HEADERS,
    body: new URLSearchParams(fields).toString(),
    localAddress: ip,
  });
}

const isAck = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Headers a static host must reproduce; validators and hop details may differ. */
const COMPARED = [
  "content-type",
  "content-encoding",
  "cache-control",
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "vary",
  "location",
];

function comparable(answer: Answer) {
  const headers = Object.fromEntries(
    COMPARED.filter((name) => answer.headers[name] !== undefined)
      // A redirect's tiny body is nginx's own; its type says nothing.
      .filter((name) => !(name === "content-type" && answer.status >= 300 && answer.status < 400))
      .map((name) => [name, String(answer.headers[name])]),
  );
  return { status: answer.status, headers };
}

test("every page answers from nginx with the Node server's status and headers, in all four locales", async () => {
  const index = await loadStaticIndex(BUILD_DIR);
  const pages = [...index.files.values()].filter((file) => file.isPage).map((file) => file.urlPath);
  for (const locale of ["", "/de", "/es", "/fr"]) {
    assert.ok(
      pages.some((page) => page === (locale || "/") || page.startsWith(`${locale}/`)),
      `pages of ${locale || "en"}`,
    );
  }
  // One of each kind of asset: their policy is the short one (decision record 31), and the
  // text ones come in brotli and gzip.
  const assets = [".js", ".css", ".woff2", ".avif", ".data"].map((extension) => {
    const found = [...index.files.keys()].find(
      (key) => key.startsWith("/assets/") && key.endsWith(extension),
    );
    assert.ok(found, `an asset ending ${extension}`);
    return found;
  });
  const unknown = [
    "/no-such-page",
    "/de/no-such-page",
    "/es/faqs/no-such-faq",
    "/fr/x/y",
    "/404",
    "/.env",
  ];
  const paths = [
    ...pages,
    ...pages.filter((page) => page !== "/").map((page) => `${page}/`),
    ...unknown,
    ...STEP_BY_STEP_PATHS,
    "/favicon.svg",
    "/robots.txt",
    ...assets,
  ];
  const variants: Record<string, string>[] = [
    { "accept-encoding": "gzip" },
    // What browsers send: both servers choose the .br twin.
    { "accept-encoding": "gzip, deflate, br, zstd" },
    // Brotli refused by its q-value: gzip from both.
    { "accept-encoding": "br;q=0, gzip" },
    // As behind a TLS-terminating proxy both trust: upgrade-insecure-requests and HSTS.
    { "accept-encoding": "gzip", "x-forwarded-proto": "https" },
    // A visitor who chose German earlier.
    { cookie: "lang=de" },
  ];
  const mismatches: string[] = [];
  let compared = 0;
  const jobs = paths.flatMap((urlPath) => variants.map((headers) => ({ urlPath, headers })));
  for (let i = 0; i < jobs.length; i += 8) {
    await Promise.all(
      jobs.slice(i, i + 8).map(async ({ urlPath, headers }) => {
        const [fromNginx, fromNode] = await Promise.all([
          send({ port: NGINX_PORT, path: urlPath, headers }),
          send({ port: api1.port, path: urlPath, headers }),
        ]);
        compared += 1;
        try {
          assert.deepEqual(comparable(fromNginx), comparable(fromNode));
        } catch {
          mismatches.push(
            `${urlPath} ${JSON.stringify(headers)}:\n nginx ${JSON.stringify(comparable(fromNginx))}\n node  ${JSON.stringify(comparable(fromNode))}`,
          );
        }
      }),
    );
  }
  assert.deepEqual(
    mismatches.slice(0, 5),
    [],
    `${mismatches.length} of ${compared} answers differ`,
  );

  for (const urlPath of unknown) {
    const answer = await send({ port: NGINX_PORT, path: urlPath });
    assert.equal(answer.status, 404, urlPath);
    assert.match(answer.body, /<html lang="(en|de|es|fr)[-"]/, `${urlPath} is the 404 page`);
  }
  const german = await send({ port: NGINX_PORT, path: "/de/no-such-page" });
  assert.match(german.body, /<html lang="de[-"]/);
  for (const stepPath of STEP_BY_STEP_PATHS) {
    const answer = await send({ port: NGINX_PORT, path: stepPath });
    assert.equal(answer.status, 302, stepPath);
    assert.equal(answer.headers.location, SITE.xeroStepByStepArticle);
  }
});

test("the per-IP limit holds across the two instances: the sixth post in ten minutes gets 429", async () => {
  const accepted = async () =>
    Promise.all(
      [api1, api2].map(
        async (instance) =>
          sample(
            await instance.metrics(),
            "form_submissions_total",
            '{form="referral",outcome="accepted"}',
          ) ?? 0,
      ),
    );
  const before = await accepted();
  const answers: Answer[] = [];
  for (let i = 0; i < 6; i += 1) answers.push(await post("referral", `limit-${i}`, "127.0.2.1"));
  assert.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200, 200, 200, 429],
  );
  assert.ok(Number(answers[5]?.headers["retry-after"]) > 0, "Retry-After on the 429");
  const afterCounts = await accepted();
  // nginx spreads the posts: both instances took some, and the limit still held.
  assert.ok((afterCounts[0] ?? 0) > (before[0] ?? 0), "api-1 accepted some posts");
  assert.ok((afterCounts[1] ?? 0) > (before[1] ?? 0), "api-2 accepted some posts");
  // Another client is not affected.
  assert.equal((await post("referral", "limit-other", "127.0.2.2")).status, 200);
});

test("a burst survives SIGKILL of each instance and a restart while the other sends: every acknowledged lead is emailed exactly once", async (context) => {
  // Earlier tests' emails go first: only the burst's own emails can then be in flight at
  // its SIGKILLs, the one case where a duplicate is allowed.
  await waitUntil("earlier emails sent", async () => (await unsentCount()) === 0, 30_000);
  const acknowledged = new Map<string, "referral" | "partner">();
  const statuses = new Map<string, number>();
  /** Posts items [from, to) with 8 workers; SIGKILLs `victim` once `killAt` have answered. */
  const burst = async (from: number, to: number, killAt: number, victim: Instance) => {
    let next = from;
    let answered = from;
    let killed: Promise<void> | null = null;
    const worker = async () => {
      while (next < to) {
        const i = next++;
        const kind = i % 3 === 2 ? "partner" : "referral";
        const key = `burst-${i}`;
        // Four posts per client address at most: the per-IP limit is not what this tests.
        const ip = `127.0.1.${Math.floor(i / 4) + 1}`;
        let status = "error";
        try {
          const answer = await post(kind, key, ip);
          status = String(answer.status);
          if (isAck(answer)) acknowledged.set(key, kind);
        } catch {
          // A connection reset while an instance dies: not acknowledged, fine.
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        answered += 1;
        if (answered === killAt) killed = victim.kill();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await killed;
    // Restarted with the same INSTANCE_ID: it takes back its dead predecessor's leases.
    await victim.start();
  };
  await burst(0, 60, 30, api1);
  await burst(60, 120, 90, api2);
  // Posts in flight on the killed instance may fail (never acknowledged); nginx sends
  // everything else to the live one.
  assert.ok(
    acknowledged.size >= 120 - 16,
    `acknowledged ${acknowledged.size}/120: ${JSON.stringify(Object.fromEntries(statuses))}`,
  );

  // Restart api-1 gracefully while api-2 is busy sending slow mail.
  smtp.behaviour.dataDelayMs = 150;
  const more = Array.from({ length: 24 }, (_, i) => i);
  const posting = (async () => {
    for (const i of more) {
      const key = `restart-${i}`;
      const kind = i % 2 === 0 ? "referral" : "partner";
      try {
        if (isAck(await post(kind, key, `127.0.4.${Math.floor(i / 4) + 1}`)))
          acknowledged.set(key, kind);
      } catch {
        // not acknowledged
      }
    }
  })();
  await waitUntil("mail in flight", () => smtp.inFlight > 0, 10_000);
  await api1.stop();
  await api1.start();
  await posting;
  smtp.behaviour.dataDelayMs = 0;

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await waitUntil("every email sent", async () => (await unsentCount()) === 0, 60_000);
    const { rows: submissions } = await db.query<{ payload: string; id: string }>(
      "select id, payload from submissions",
    );
    const storedKeys = new Set(submissions.map((row) => keyOfPayload(row.payload)));
    const missing = [...acknowledged.keys()].filter((key) => !storedKeys.has(key));
    assert.deepEqual(missing, [], "acknowledged but not stored");

    const { rows: outbox } = await db.query<{ id: string; kind: string; payload: string }>(
      "select o.id, o.kind, s.payload from outbox o join submissions s on s.id = o.submission_id",
    );
    const sentIds = smtp.received.map(
      (mail) => /^Message-ID: <([^@>]+)@/im.exec(mail.raw)?.[1] ?? "?",
    );
    const counts = new Map<string, number>();
    for (const id of sentIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    // The one unavoidable duplicate (REL-3, REL-4): SMTP accepted the message and the
    // instance was SIGKILLed before recording it (one send in flight per instance). A
    // graceful restart, a live instance's leases and everything else: none.
    const keyOf = new Map(outbox.map((row) => [row.id, row.payload]));
    const duplicates = [...counts].filter(([, n]) => n > 1);
    const outsideKills = duplicates.filter(([id]) => !keyOf.get(id)?.includes('"burst-'));
    assert.deepEqual(
      outsideKills,
      [],
      `emails sent more than once without a SIGKILL:\n${explain(
        outsideKills.map(([id]) => id),
        keyOf,
      )}`,
    );
    assert.ok(
      duplicates.length <= 2 && duplicates.every(([, n]) => n === 2),
      `at most one duplicate per SIGKILL:\n${explain(
        duplicates.map(([id]) => id),
        keyOf,
      )}`,
    );
    context.diagnostic(
      `${acknowledged.size} acknowledged, ${outbox.length} emails, ${duplicates.length} sent twice (in flight at a SIGKILL)`,
    );
    const neverSent = outbox.filter((row) => !counts.has(row.id)).map((row) => row.id);
    assert.deepEqual(neverSent, [], "outbox rows never emailed");
    // Each acknowledged referral has one email, each partner request two distinct ones.
    for (const [key, kind] of acknowledged) {
      const emails = outbox.filter((row) => keyOfPayload(row.payload) === key);
      const kinds = emails.map((row) => row.kind).sort();
      assert.deepEqual(
        kinds,
        kind === "referral" ? ["referral"] : ["partner-ack", "partner-notify"],
        key,
      );
    }
  } finally {
    await db.end();
  }
});

/** The key a post carried (`post`): the partner's address, or the referrer's last name. */
function keyOfPayload(text: string): string {
  const payload = JSON.parse(text) as Record<string, string>;
  return payload.email?.replace("@example.com", "") ?? payload.yourLastName ?? "";
}

/** Outbox rows not yet sent, read straight from PostgreSQL. */
async function unsentCount(): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query("select count(*)::int as n from outbox where state <> 'sent'");
    return rows[0].n;
  } finally {
    await db.end();
  }
}

/** What the instances logged about these outbox rows, and about leases and shutdowns. */
function explain(ids: string[], payloadOf: Map<string, string>): string {
  const lines = [
    ...api1.log.map((line) => `api-1 ${line}`),
    ...api2.log.map((line) => `api-2 ${line}`),
  ];
  const about = (line: string) =>
    ids.some((id) => line.includes(id)) ||
    /released|shutting down|shutdown|database error|heartbeat/.test(line);
  const time = (line: string) => /"time":"([^"]+)"/.exec(line)?.[1] ?? "";
  return [
    ...ids.map((id) => `${id}: ${payloadOf.get(id) ?? "(no outbox row)"}`),
    ...lines.filter(about).sort((a, b) => time(a.slice(6)).localeCompare(time(b.slice(6)))),
  ].join("\n");
}

test("while SMTP is down the metrics show the backlog and its age growing, then draining to 0", async () => {
  await smtp.stop();
  try {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await post("referral", `outage-${i}`, "127.0.3.1")).status, 200);
    }
    const read = async () => {
      const text = await api1.metrics();
      return {
        pending: sample(text, "outbox_emails", '{state="pending"}') ?? -1,
        age: sample(text, "outbox_oldest_pending_age_seconds") ?? -1,
      };
    };
    await waitUntil(
      "a failed attempt",
      async () => {
        const text = (await api2.metrics()) + (await api1.metrics());
        return /outbox_smtp_errors_total\{[^}]*failure="transient"\} [1-9]/.test(text);
      },
      15_000,
    );
    const first = await read();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const second = await read();
    assert.ok(
      first.pending >= 3 && second.pending >= 3,
      `backlog ${first.pending}, ${second.pending}`,
    );
    assert.ok(second.age > first.age + 1, `oldest age grows: ${first.age} → ${second.age}`);
  } finally {
    await smtp.start();
  }
  await waitUntil(
    "outbox drained",
    async () => {
      const text = await api1.metrics();
      return (
        sample(text, "outbox_emails", '{state="pending"}') === 0 &&
        sample(text, "outbox_oldest_pending_age_seconds") === 0
      );
    },
    60_000,
  );
});

test("/readyz turns 503 while PostgreSQL is stopped and 200 again after; /healthz stays 200", async () => {
  await postgresCtl("pause", pgDir);
  try {
    for (const instance of [api1, api2]) {
      let last = "";
      await waitUntil(
        `${instance.name} not ready`,
        async () => {
          const started = Date.now();
          const answer = await send({ port: instance.port, path: "/readyz" }).catch(
            (error: Error) => ({ status: 0, body: error.message }),
          );
          last = `${answer.status} ${answer.body} in ${Date.now() - started} ms`;
          return answer.status === 503;
        },
        20_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last answer ${last}`);
      });
      assert.equal((await send({ port: instance.port, path: "/healthz" })).status, 200);
    }
    // Pages keep coming from nginx without the database.
    assert.equal((await send({ port: NGINX_PORT, path: "/pricing" })).status, 200);
  } finally {
    await postgresCtl("resume", pgDir);
  }
  for (const instance of [api1, api2]) {
    await waitUntil(
      `${instance.name} ready again`,
      async () => (await send({ port: instance.port, path: "/readyz" })).status === 200,
      20_000,
    );
  }
  assert.equal((await post("partner", "after-outage", "127.0.3.2")).status, 200);
});
