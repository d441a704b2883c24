import path from "node:path";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { ApiConfig } from "../api-config.ts";
import { loadMailCatalogues } from "../mail/compose.ts";
import { createMailTransport, type MailTransport, type SmtpTimeouts } from "../mail/transport.ts";
import type { Metrics } from "../metrics.ts";
import { RETRY_SCHEDULES } from "../outbox/schedule.ts";
import { OutboxWorker } from "../outbox/worker.ts";
import { openStore, type Store } from "../store/database.ts";
import { OutboxRepository } from "../store/outbox.ts";
import { SharedRateLimiter } from "../store/rate-limits.ts";
import { formRoutes, ipLimits } from "./forms.ts";

/** Where `.eml` files go without SMTP_URL: `DATA_DIR/mail`. */
const MAIL_DIR_NAME = "mail";

/** The form API with its store, mail transport and outbox worker. */
export interface FormApi {
  /** Route modules for the `/api` scope. */
  routes: readonly FastifyPluginAsync[];
  store: Store;
  transport: MailTransport;
  worker: OutboxWorker;
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
}

/**
 * Opens everything the form API needs (REL-7: throws StartupError when the database cannot
 * be opened read-write or is not durable). The worker is created but not started: the
 * caller starts it once the server is ready, and `close()` stops it.
 */
export async function openFormApi(options: FormApiOptions): Promise<FormApi> {
  const { config, log } = options;
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, MAIL_DIR_NAME),
    mailFrom: config.mailFrom,
    ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}),
  });
  const outbox = new OutboxRepository(store);
  const { metrics } = options;
  metrics?.watchOutbox(() => outbox.stats());
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
    ...(metrics ? { events: metrics.worker } : {}),
  });
  log.info(
    {
      database: store.location,
      mail: transport.mode,
      retrySchedule: config.retrySchedule,
      instance: config.instanceId,
      rateLimits: store.dialect === "postgres" ? "shared" : "memory",
    },
    "form API ready",
  );
  const routes = formRoutes({
    store,
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
  let closing: Promise<void> | null = null;
  return {
    routes: [routes],
    store,
    transport,
    worker,
    close: () => {
      closing ??= (async () => {
        await worker.stop();
        transport.close();
        await store.close();
      })();
      return closing;
    },
  };
}
