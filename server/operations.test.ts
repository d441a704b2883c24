import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { VALID_REFERRAL } from "../tests/fixtures/submissions.ts";
import { loadConfig } from "./config.ts";
import { startMetricsServer } from "./metrics.ts";
import { StartupError } from "./startup-error.ts";
import {
  createFormTestBed,
  type FormTestBed,
  formBody,
  startFormApp,
  testApiConfig,
} from "./test-support/form-app.ts";

/** Issue 16: what an operator sees (readiness, metrics on their own listener). */
let bed: FormTestBed;
let app: FastifyInstance;

beforeAll(async () => {
  bed = await createFormTestBed();
  // No SMTP_URL: emails go to .eml files, so the outbox drains without a server.
  app = await startFormApp(bed.fake.buildDir, testApiConfig(await bed.newDataDir()));
});

afterAll(async () => {
  await app?.close();
  await bed?.cleanup();
});

const post = (payload: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/api/sendEmail",
    payload: formBody(payload),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
  });

/** One sample of the Prometheus text, by metric name and exact label set. */
function sample(text: string, name: string, labels = ""): number | null {
  const line = text.split("\n").find((row) => row.startsWith(`${name}${labels} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("readiness", () => {
  test("/readyz is 200 once migrated, 503 when migrations are missing; /healthz stays ok", async () => {
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, ready.body]).toEqual([200, "ready"]);
    const store = app.formApi?.store;
    if (!store) throw new Error("form API missing");
    const latest = await store.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "0003-data-lifecycle" as never)
      .executeTakeFirst();
    expect(Number(latest.numDeletedRows)).toBe(1);
    try {
      const notReady = await app.inject({ method: "GET", url: "/readyz" });
      expect([notReady.statusCode, notReady.body]).toEqual([503, "not ready"]);
      expect(notReady.headers["cache-control"]).toBe("no-store");
      const live = await app.inject({ method: "GET", url: "/healthz" });
      expect([live.statusCode, live.body]).toEqual([200, "ok"]);
    } finally {
      await store.db
        .insertInto("kysely_migration" as never)
        .values({
          name: "0003-data-lifecycle",
          timestamp: new Date().toISOString(),
        } as never)
        .execute();
    }
  });
});

describe("metrics", () => {
  test("count requests by route and status, submissions by outcome, and the outbox", async () => {
    expect((await post({ ...VALID_REFERRAL, friendEmail: "not-an-address" })).statusCode).toBe(400);
    expect((await post({ ...VALID_REFERRAL, friendEmail: "m1@example.com" })).statusCode).toBe(200);
    expect((await post({ ...VALID_REFERRAL, friendEmail: "m1@example.com" })).statusCode).toBe(200);
    const crossSite = await app.inject({
      method: "POST",
      url: "/api/sendEmail",
      payload: formBody(VALID_REFERRAL),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
    });
    expect(crossSite.statusCode).toBe(403);
    await app.inject({ method: "GET", url: "/" });
    await app.inject({ method: "GET", url: "/no-such-page" });

    const text = await app.metrics.registry.metrics();
    const submissions = (outcome: string) =>
      sample(text, "form_submissions_total", `{form="referral",outcome="${outcome}"}`);
    expect([submissions("invalid"), submissions("accepted"), submissions("duplicate")]).toEqual([
      1, 1, 1,
    ]);
    expect(submissions("origin")).toBe(1);
    const count = (labels: string) => sample(text, "http_request_duration_seconds_count", labels);
    expect(count('{route="/api/sendEmail",method="POST",status="200"}')).toBe(2);
    expect(count('{route="/api/sendEmail",method="POST",status="400"}')).toBe(1);
    expect(count('{route="site",method="GET",status="200"}')).toBe(1);
    expect(count('{route="site",method="GET",status="404"}')).toBe(1);
    expect(
      sample(
        text,
        "http_request_duration_seconds_bucket",
        '{le="0.1",route="/api/sendEmail",method="POST",status="200"}',
      ),
    ).not.toBeNull();
    for (const state of ["pending", "retrying", "dead"]) {
      expect(sample(text, "outbox_emails", `{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "outbox_stats_up")).toBe(1);
  });

  test("the data lifecycle: the oldest submission's age, the last purge, rows removed by kind", async () => {
    const api = app.formApi;
    if (!api) throw new Error("form API missing");
    const dayMs = 86_400_000;
    // A submission stored 800 days ago whose email was sent.
    const old = Date.now() - 800 * dayMs;
    await api.store.db
      .insertInto("submissions")
      .values({
        id: "old-one",
        kind: "partner",
        locale: "en",
        payload: "{}",
        fingerprint: "f",
        recipient_key: null,
        sender_key: "",
        status: "queued",
        created_at: old,
      })
      .execute();
    await api.store.db
      .insertInto("outbox")
      .values({
        id: "old-email",
        submission_id: "old-one",
        kind: "partner-ack",
        state: "sent",
        next_attempt_at: old,
        created_at: old,
        sent_at: old,
      })
      .execute();
    let text = await app.metrics.registry.metrics();
    expect(sample(text, "submissions_oldest_age_seconds")).toBeGreaterThan(799 * 86_400);

    const purged = await api.lifecycle.purge();
    expect(purged?.ran).toBe(true);
    text = await app.metrics.registry.metrics();
    expect(sample(text, "submissions_oldest_age_seconds")).toBeLessThan(86_400);
    expect(sample(text, "data_purge_last_finished_timestamp_seconds")).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    const rows = (labels: string) => sample(text, "data_lifecycle_rows_total", labels);
    expect(rows('{action="purged",table="submissions",kind="partner"}')).toBe(1);
    expect(rows('{action="purged",table="outbox",kind="partner-ack"}')).toBe(1);
  });

  test("the metrics listener answers GET /metrics only, on its own port", async () => {
    const listener = await startMetricsServer(app.metrics, "127.0.0.1", 0);
    try {
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(await response.text()).toContain("# TYPE form_submissions_total counter");
      const other = await fetch(listener.url.replace("/metrics", "/"));
      expect(other.status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  test("METRICS_HOST must be loopback or private and METRICS_PORT must not be the public port", () => {
    expect(loadConfig({ METRICS_PORT: "9464" }, "/").metrics).toEqual({
      host: "127.0.0.1",
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.3.7" }, "/").metrics?.host).toBe(
      "10.0.3.7",
    );
    expect(loadConfig({}, "/").metrics).toBeNull();
    for (const host of ["0.0.0.0", "::", "203.0.113.5", "example.com"]) {
      expect(() => loadConfig({ METRICS_PORT: "9464", METRICS_HOST: host }, "/")).toThrow(
        StartupError,
      );
    }
    expect(() => loadConfig({ METRICS_PORT: "8080", PORT: "8080" }, "/")).toThrow(/differ/);
  });
});
