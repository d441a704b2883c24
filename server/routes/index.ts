import path from "node:path";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { ApiConfig } from "../api-config.ts";
import { loadMailCatalogues } from "../mail/compose.ts";
import { createMailTransport, type MailTransport, type SmtpTimeouts } from "../mail/transport.ts";
import type { Metrics } from "../metrics.ts";
import { RETRY_SCHEDULES } from "../outbox/schedule.ts";
import { OutboxWorker } from "../outbox/worker.ts";
import { type AddressKeys, loadAddressKeys, verifyAddressKeys } from "../privacy/address-keys.ts";
import { DataLifecycle } from "../privacy/maintenance.ts";
import { openStore, type Store } from "../store/database.ts";
import { OutboxRepository } from "../store/outbox.ts";
import { SharedRateLimiter } from "../store/rate-limits.ts";
import { lifecycleStats } from "../store/retention.ts";
import type { EmailKind } from "../store/schema.ts";
import { backfillAddressKeys } from "../store/subject-requests.ts";
import { formRoutes, ipLimits, vitalsIpLimits } from "./forms.ts";
import { RateLimiter } from "./rate-limiter.ts";
import { vitalsRoutes } from "./vitals.ts";

/** Where `.eml` files go without SMTP_URL: `DATA_DIR/mail`. */
const MAIL_DIR_NAME = "mail";

/** The form API with its store, mail transport and outbox worker. */
export interface FormApi {
  /** Route modules for the `/api` scope. */
  routes: readonly FastifyPluginAsync[];
  store: Store;
  transport: MailTransport;
  worker: OutboxWorker;
  /** The purge schedule and the SQLite scrubs (issue 49). */
  lifecycle: DataLifecycle;
  /** The deployment's address keys (issue 49). */
  keys: AddressKeys;
  /** The retention period the purge keeps to, in days. */
  retentionDays: number;
  /** Stops the worker (after its current send) and closes the transport and the store. */
  close(): Promise<void>;
}

export interface FormApiOptions {
  config: ApiConfig;
  baseCsp: string;
  log: FastifyBaseLogger;
  /** Test overrides for the SMTP timeouts. */
  smtpTimeouts?: Partial<SmtpTimeouts>;
  metrics?: Metrics;
  /** The retention period, as the build publishes it (`resolveRetentionDays`). */
  retentionDays: number;
}

/**
 * Opens everything the form API needs (REL-7: throws StartupError when the database cannot
 * be opened read-write or is not durable). The worker is created but not started: the
 * caller starts it once the server is ready, and `close()` stops it.
 */
export async function openFormApi(options: FormApiOptions): Promise<FormApi> {
  const { config, log } = options;
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let keys: AddressKeys;
  try {
    keys = loadAddressKeys({
      secret: config.recipientKeySecret,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      create: true,
    });
    await verifyAddressKeys(store, keys);
    const filled = await backfillAddressKeys(store, keys);
    if (filled > 0) log.info({ filled }, "data lifecycle: hashed the addresses of older rows");
  } catch (error) {
    await store.close();
    throw error;
  }
  const mailDir = path.join(config.dataDir, MAIL_DIR_NAME);
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir,
    mailFrom: config.mailFrom,
    ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}),
  });
  const outbox = new OutboxRepository(store);
  const { metrics } = options;
  metrics?.watchOutbox(() => outbox.stats());
  metrics?.watchLifecycle(() => lifecycleStats(store));
  const lifecycle = new DataLifecycle({
    store,
    retentionDays: options.retentionDays,
    mailDir: transport.mode === "files" ? mailDir : null,
    log,
  });
  // A settled referral has just lost the friend's clear text: the SQLite WAL follows.
  const settled = (kind: EmailKind) => {
    if (kind === "referral") lifecycle.requestScrub();
  };
  const worker = new OutboxWorker({
    outbox,
    transport,
    compose: {
      catalogues: loadMailCatalogues(),
      mailFrom: config.mailFrom,
      partnerNotifyTo: config.partnerNotifyTo,
    },
    schedule: RETRY_SCHEDULES[config.retrySchedule],
    referralMailPerHour: config.limits.referralMailPerHour,
    log,
    // SQLite is one writer, one instance; PostgreSQL may be shared by several.
    exclusive: store.dialect === "sqlite",
    ...(config.instanceId ? { instance: config.instanceId } : {}),
    events: {
      sent: (kind) => {
        metrics?.worker.sent(kind);
        settled(kind);
      },
      smtpError: (kind, failure) => metrics?.worker.smtpError(kind, failure),
      deadLettered: (kind) => {
        metrics?.worker.deadLettered(kind);
        settled(kind);
      },
    },
  });
  log.info(
    {
      database: store.location,
      mail: transport.mode,
      retrySchedule: config.retrySchedule,
      retentionDays: options.retentionDays,
      instance: config.instanceId,
      rateLimits: store.dialect === "postgres" ? "shared" : "memory",
    },
    "form API ready",
  );
  const routes = formRoutes({
    store,
    keys,
    limits: config.limits,
    publicOrigin: config.publicOrigin,
    baseCsp: options.baseCsp,
    onQueued: () => worker.notify(),
    // Per-IP limits hold across the instances sharing PostgreSQL; one SQLite instance
    // keeps them in memory, which costs nothing per post.
    ...(store.dialect === "postgres"
      ? { limiter: new SharedRateLimiter(store, ipLimits(config.limits)) }
      : {}),
    ...(metrics ? { onOutcome: (form, outcome) => metrics.submission(form, outcome) } : {}),
  });
  // Speed reports touch no table of the store. Their per-IP limit is shared across the
  // instances as the forms' is, so on PostgreSQL it keeps its hits in the same
  // `rate_limit_hits` table (keys `vitals|…`); one SQLite instance keeps it in memory.
  const vitals = vitalsRoutes({
    limiter:
      store.dialect === "postgres"
        ? new SharedRateLimiter(store, vitalsIpLimits(config.limits))
        : new RateLimiter(vitalsIpLimits(config.limits), config.limits.maxClients),
    publicOrigin: config.publicOrigin,
    baseCsp: options.baseCsp,
    onReport: (report) => metrics?.vitals.record(report),
  });
  let closing: Promise<void> | null = null;
  return {
    routes: [routes, vitals],
    store,
    transport,
    worker,
    lifecycle,
    keys,
    retentionDays: options.retentionDays,
    close: () => {
      closing ??= (async () => {
        await worker.stop();
        await lifecycle.stop();
        transport.close();
        await store.close();
      })();
      return closing;
    },
  };
}
