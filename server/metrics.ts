import { createServer, type Server } from "node:http";
import { isIP } from "node:net";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { OutboxStats } from "./store/outbox.ts";
import type { LifecycleStats } from "./store/retention.ts";
import type { EmailKind } from "./store/schema.ts";
import { VitalsMetrics } from "./vitals-metrics.ts";

/** Request latency buckets in seconds: fine below 100 ms, where the PERF targets sit. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * A registry that tells its owner when a scrape begins: the gauges read from the database
 * share one read per scrape, and the next scrape must read again. (Clearing the shared read
 * on a later tick is not enough: with SQLite a whole sequence of queries can run without
 * yielding to the event loop, so two scrapes could share a stale read.)
 */
class ScrapeRegistry extends Registry {
  readonly #onScrape: () => void;
  constructor(onScrape: () => void) {
    super();
    this.#onScrape = onScrape;
  }
  override metrics(): Promise<string> {
    this.#onScrape();
    return super.metrics();
  }
}

/**
 * The figures an operator watches (issue 16), in Prometheus' text format. Request and
 * submission counters are per process; the outbox gauges are read from the shared
 * database at each scrape, so every instance reports the same backlog.
 */
export class Metrics {
  readonly registry: Registry = new ScrapeRegistry(() => {
    this.#outboxSnapshot = null;
    this.#lifecycleSnapshot = null;
  });
  #outboxSnapshot: Promise<OutboxStats | null> | null = null;
  #lifecycleSnapshot: Promise<LifecycleStats | null> | null = null;
  readonly #requests: Histogram<"route" | "method" | "status">;
  readonly #submissions: Counter<"form" | "outcome">;
  readonly #sent: Counter<"kind">;
  readonly #smtpErrors: Counter<"kind" | "failure">;
  readonly #deadLettered: Counter<"kind">;
  #outboxStats: (() => Promise<OutboxStats>) | null = null;
  #lifecycleStats: (() => Promise<LifecycleStats>) | null = null;
  /** Visitors' Core Web Vitals, from `POST /api/vitals`. */
  readonly vitals: VitalsMetrics;
  /** Listeners serving these metrics; the app closes them when it closes. */
  readonly listeners = new Set<{ close(): Promise<void> }>();

  constructor(now: () => number = Date.now) {
    collectDefaultMetrics({ register: this.registry });
    this.vitals = new VitalsMetrics(this.registry);
    this.#requests = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by route, method and status, with their latency",
      labelNames: ["route", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.#submissions = new Counter({
      name: "form_submissions_total",
      help: "Form posts by form and outcome (accepted, or the reason they were refused)",
      labelNames: ["form", "outcome"],
      registers: [this.registry],
    });
    this.#sent = new Counter({
      name: "outbox_emails_sent_total",
      help: "Emails this instance handed to SMTP successfully",
      labelNames: ["kind"],
      registers: [this.registry],
    });
    this.#smtpErrors = new Counter({
      name: "outbox_smtp_errors_total",
      help: "Failed send attempts of this instance (transient: retried; permanent: dead-lettered)",
      labelNames: ["kind", "failure"],
      registers: [this.registry],
    });
    this.#deadLettered = new Counter({
      name: "outbox_dead_letters_total",
      help: "Emails this instance gave up on",
      labelNames: ["kind"],
      registers: [this.registry],
    });
    // Read once per scrape and shared by the three gauges below.
    const read = () => {
      this.#outboxSnapshot ??= (this.#outboxStats?.() ?? Promise.resolve(null)).catch(() => null);
      return this.#outboxSnapshot;
    };
    const stateGauge = new Gauge({
      name: "outbox_emails",
      help: "Emails in the outbox by state: pending (of which retrying: failed at least once) and dead",
      labelNames: ["state"],
      registers: [this.registry],
      async collect() {
        const stats = await read();
        if (stats === null) return;
        stateGauge.set({ state: "pending" }, stats.pending);
        stateGauge.set({ state: "retrying" }, stats.retrying);
        stateGauge.set({ state: "dead" }, stats.dead);
      },
    });
    const ageGauge = new Gauge({
      name: "outbox_oldest_pending_age_seconds",
      help: "Age of the oldest email not yet sent (0 when none is pending)",
      registers: [this.registry],
      async collect() {
        const stats = await read();
        if (stats === null) return;
        ageGauge.set(ageSeconds(stats.oldestPendingCreatedAt, now()));
      },
    });
    const upGauge = new Gauge({
      name: "outbox_stats_up",
      help: "1 when the outbox figures above could be read from the database at this scrape",
      registers: [this.registry],
      async collect() {
        upGauge.set((await read()) === null ? 0 : 1);
      },
    });

    // PRIV-6: the data lifecycle, read from the shared database at each scrape, so the
    // removals of every instance and of the submissions command count in one place.
    const readLifecycle = () => {
      this.#lifecycleSnapshot ??= (this.#lifecycleStats?.() ?? Promise.resolve(null)).catch(
        () => null,
      );
      return this.#lifecycleSnapshot;
    };
    const oldestGauge = new Gauge({
      name: "submissions_oldest_age_seconds",
      help: "Age of the oldest stored submission (0 when none): above the retention period, the purge is not keeping up",
      registers: [this.registry],
      async collect() {
        const stats = await readLifecycle();
        if (stats === null) return;
        oldestGauge.set(ageSeconds(stats.oldestSubmissionAt, now()));
      },
    });
    const lastPurgeGauge = new Gauge({
      name: "data_purge_last_finished_timestamp_seconds",
      help: "When a purge last finished (Unix time; 0 before the first)",
      registers: [this.registry],
      async collect() {
        const stats = await readLifecycle();
        if (stats === null) return;
        lastPurgeGauge.set(stats.lastPurgeAt === null ? 0 : stats.lastPurgeAt / 1000);
      },
    });
    // A counter whose value is the database's running total: it only grows (a restored
    // backup can set it back, which Prometheus reads as a counter reset).
    const removedCounter = new Counter({
      name: "data_lifecycle_rows_total",
      help: "Rows the data lifecycle removed, since the database was created: action purged, erased or minimised (a referral's friend fields), table submissions or outbox, by kind",
      labelNames: ["action", "table", "kind"],
      registers: [this.registry],
      async collect() {
        const stats = await readLifecycle();
        if (stats === null) return;
        removedCounter.reset();
        for (const row of stats.removed) {
          removedCounter.inc({ action: row.action, table: row.table, kind: row.kind }, row.count);
        }
      },
    });
  }

  /** Where the data lifecycle's figures come from (the form API's store). */
  watchLifecycle(stats: () => Promise<LifecycleStats>): void {
    this.#lifecycleStats = stats;
  }

  /** Where the outbox gauges read from (the form API's store). */
  watchOutbox(stats: () => Promise<OutboxStats>): void {
    this.#outboxStats = stats;
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.#requests.observe({ route, method, status: String(status) }, seconds);
  }

  submission(form: string, outcome: string): void {
    this.#submissions.inc({ form, outcome });
  }

  /** The outbox worker's events. */
  readonly worker = {
    sent: (kind: EmailKind) => this.#sent.inc({ kind }),
    smtpError: (kind: EmailKind, failure: "transient" | "permanent") =>
      this.#smtpErrors.inc({ kind, failure }),
    deadLettered: (kind: EmailKind) => this.#deadLettered.inc({ kind }),
  };
}

/** Seconds since `at` (epoch ms), 0 when there is nothing (null) or it lies ahead. */
function ageSeconds(at: number | null, nowMs: number): number {
  return at === null ? 0 : Math.max(0, (nowMs - at) / 1000);
}

/**
 * Only loopback and private addresses: the metrics reveal traffic and backlog, so they
 * never share the public listener or a public interface (ASVS 13.4.5).
 */
export function isPrivateAddress(host: string): boolean {
  const family = isIP(host);
  if (family === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (family === 6) {
    const lower = host.toLowerCase();
    return lower === "::1" || /^f[cd][0-9a-f]{2}:/.test(lower);
  }
  return false;
}

/** The separate metrics listener: `GET /metrics` only. */
export async function startMetricsServer(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found");
      return;
    }
    metrics.registry.metrics().then(
      (body) => {
        response
          .writeHead(200, {
            "content-type": metrics.registry.contentType,
            "cache-control": "no-store",
          })
          .end(body);
      },
      () => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Error");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}/metrics`;
  const listener = {
    server,
    url,
    close: () => {
      metrics.listeners.delete(listener);
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  metrics.listeners.add(listener);
  return listener;
}
