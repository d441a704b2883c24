import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { ServerConfig } from "./config.ts";
import { startMetricsServer } from "./metrics.ts";

/** REL-5: the whole drain must finish within this, or the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A listening server and the URL it answers on. */
export interface RunningServer {
  app: FastifyInstance;
  url: string;
}

/** Builds the app and listens on `config.host:config.port` (port 0 picks a free port). */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const app = await buildApp(config);
  if (config.metrics) {
    // Closed with the app: the Metrics object tracks its listeners.
    const { host, port } = config.metrics;
    const listener = await startMetricsServer(app.metrics, host, port);
    app.log.info({ url: listener.url }, "metrics listening");
  }
  const url = await app.listen({ host: config.host, port: config.port });
  return { app, url };
}

/** What shutdown needs from the app: closing it and logging. */
export interface ClosableApp {
  close(): PromiseLike<unknown>;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

export interface ShutdownOptions {
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * REL-5: on the first SIGTERM or SIGINT, stop listening and let in-flight requests finish
 * (new requests on open connections get 503 from Fastify), then exit 0. A second signal, a
 * failed close or the grace period running out exits 1 at once. Returns a function that
 * removes the signal handlers.
 */
export function installGracefulShutdown(
  app: ClosableApp,
  options: ShutdownOptions = {},
): () => void {
  const { graceMs = SHUTDOWN_GRACE_MS, exit = (code: number) => process.exit(code) } = options;
  let isShuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isShuttingDown) {
      app.log.warn({ signal }, "second signal: exiting without waiting");
      exit(1);
      return;
    }
    isShuttingDown = true;
    app.log.info({ signal }, "shutting down: draining in-flight requests");
    const graceTimer = setTimeout(() => {
      app.log.error({ graceMs }, "shutdown grace period over: exiting");
      exit(1);
    }, graceMs);
    graceTimer.unref();
    app.close().then(
      () => {
        clearTimeout(graceTimer);
        app.log.info("shutdown complete");
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(graceTimer);
        app.log.error({ err: error }, "shutdown failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  return () => {
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  };
}
