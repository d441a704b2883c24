import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { SITE } from "../app/lib/site-config.ts";
import type { ServerConfig } from "./config.ts";
import { buildCsp, cspForTransport, thirdPartyFor } from "./csp.ts";
import { createClientErrorHandler, createErrorHandler, sendError } from "./errors.ts";
import { createHttpServerFactory, type TlsCredentials } from "./http-server.ts";
import { createHttpsRule } from "./https-rule.ts";
import { AccessLogController, loggerOptions } from "./logging.ts";
import { Metrics } from "./metrics.ts";
import { resolveRetentionDays } from "./privacy/retention.ts";
import { apiPlugin } from "./routes/api.ts";
import { type FormApi, openFormApi } from "./routes/index.ts";
import { securityHeaders } from "./security-headers.ts";
import { registerSite } from "./site.ts";
import { loadStaticIndex } from "./static-index.ts";
import { isStoreReady } from "./store/database.ts";

/** REL-6: bounded request bodies; the API's form posts are far smaller. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppOptions {
  /**
   * API route modules to mount under `/api` instead of the form API (tests of the shell).
   * Without them, the form API is opened from `config.api` when present.
   */
  apiRoutes?: readonly FastifyPluginAsync[];
  /** Test overrides for the form API's SMTP timeouts. */
  smtpTimeouts?: { connectionMs?: number; greetingMs?: number; socketMs?: number };
  /**
   * Serve HTTPS on this certificate instead of plain HTTP. Production ends TLS at the proxy
   * (docs/operations.md); the tests of the HTTPS rule's TLS case use it.
   */
  tls?: TlsCredentials;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The form API (store, worker), when this app serves it. */
    formApi: FormApi | null;
    /** This process's Prometheus figures (served on the separate metrics listener). */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** Served over HTTPS (`https-rule.ts`): decides `upgrade-insecure-requests` and HSTS. */
    isHttps: boolean;
  }
}

/**
 * Builds the production server without listening: static site from `config.buildDir`,
 * security headers on every response, the API scope and generic error handling.
 * Tests drive it with `app.inject`; `startServer` listens. Throws StartupError when the
 * build is missing.
 */
export async function buildApp(
  config: ServerConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const index = await loadStaticIndex(config.buildDir);
  // Headers for plain HTTP are the default, also for answers written before any hook (the
  // drain's 503, parser errors); a request found to be HTTPS gets the others in onRequest,
  // a superset by key, so they overwrite every header set before.
  // Only the vendors this build turned on (a tag without its id has no origin in the CSP).
  const thirdParty = thirdPartyFor(index.vendors);
  const baseHeaders = securityHeaders({ isHttps: false, hsts: config.hsts, thirdParty });
  const httpsHeaders = securityHeaders({ isHttps: true, hsts: config.hsts, thirdParty });
  const baseCsp = buildCsp([], { thirdParty });
  const isHttps = createHttpsRule({
    trustProxy: config.trustProxy,
    publicOrigin: config.api?.publicOrigin ?? SITE.origin,
  });
  const http = createHttpServerFactory(baseHeaders, options.tls);

  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    logController: new AccessLogController(),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // The drain gate in http-server.ts answers 503 instead, sparing requests in progress.
    return503OnClosing: false,
    serverFactory: http.serverFactory,
    clientErrorHandler: createClientErrorHandler(baseHeaders),
    // Malformed percent-encoding found by the router: a plain 400 with our headers (SEC-5).
    frameworkErrors: (_error, _request, reply) =>
      sendError(reply.headers(baseHeaders), 400, baseCsp),
  });
  for (const warning of index.warnings) app.log.warn(warning);

  let isClosing = false;
  app.addHook("preClose", (done) => {
    isClosing = true;
    http.beginDrain();
    done();
  });
  app.decorateRequest("isHttps", false);
  app.addHook("onRequest", (request, reply, done) => {
    request.isHttps = isHttps({
      encrypted: "encrypted" in request.raw.socket && request.raw.socket.encrypted === true,
      peerAddress: request.raw.socket.remoteAddress,
      forwardedProto: request.headers["x-forwarded-proto"],
      host: request.headers.host,
    });
    reply.headers(request.isHttps ? httpsHeaders : baseHeaders);
    const status = methodRejection(request.method, request.url);
    if (status === null) return done();
    if (status === 405) reply.header("allow", "GET, HEAD");
    sendError(reply, status, baseCsp);
  });
  // REL-5: answers finishing during shutdown close their connection, so the drain ends
  // instead of waiting for kept-alive sockets to time out.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isClosing) reply.header("connection", "close");
    // Handlers set transport-neutral policies (the page's hashes, the API's baseline); the
    // transport adds its directive here, in one place.
    const csp = reply.getHeader("content-security-policy");
    if (request.isHttps && typeof csp === "string") {
      reply.header("content-security-policy", cspForTransport(csp, { isHttps: true }));
    }
    done(null, payload);
  });
  app.setErrorHandler(createErrorHandler(baseCsp));

  const metrics = new Metrics();
  app.decorate("metrics", metrics);
  app.addHook("onClose", async () => {
    await Promise.all([...metrics.listeners].map((listener) => listener.close()));
  });
  app.addHook("onResponse", (request, reply, done) => {
    metrics.request(
      metricsRoute(request.routeOptions.url),
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const formApi =
    options.apiRoutes === undefined && config.api
      ? await openFormApi({
          config: config.api,
          baseCsp,
          log: app.log,
          metrics,
          retentionDays: resolveRetentionDays({
            fromEnv: config.api.retentionDays,
            fromBuild: index.retentionDays,
            recipientDays: config.api.limits.recipientDays,
          }),
          ...(options.smtpTimeouts ? { smtpTimeouts: options.smtpTimeouts } : {}),
        })
      : null;
  app.decorate("formApi", formApi);
  if (formApi) {
    // The worker sends once the server is ready; on close it finishes its current send and
    // stops claiming (preClose), then the store closes after in-flight requests (onClose).
    let stopping: Promise<void> | null = null;
    app.addHook("onReady", async () => {
      await formApi.worker.start();
      // Issue 49: a purge at start, then about daily (never delaying readiness).
      formApi.lifecycle.start();
    });
    app.addHook("preClose", (done) => {
      stopping = Promise.all([formApi.worker.stop(), formApi.lifecycle.stop()]).then(() => {});
      done();
    });
    app.addHook("onClose", async () => {
      await stopping;
      await formApi.close();
    });
  }

  // Liveness: the process answers. Says nothing about the database on purpose, so an
  // orchestrator does not restart every instance while PostgreSQL is down.
  app.get("/healthz", (_request, reply) => {
    reply.header("content-type", "text/plain; charset=utf-8").send("ok");
  });
  // Readiness (issue 16): 200 only when the database answers and is migrated; a load
  // balancer or health check takes the instance out of rotation on 503.
  app.get("/readyz", async (_request, reply) => {
    const ready = formApi === null || (await isStoreReady(formApi.store));
    reply
      .code(ready ? 200 : 503)
      .header("content-type", "text/plain; charset=utf-8")
      .send(ready ? "ready" : "not ready");
  });
  await app.register(apiPlugin, {
    prefix: "/api",
    routes: options.apiRoutes ?? formApi?.routes ?? [],
    baseCsp,
  });
  registerSite(app, index, baseCsp);
  return app;
}

/**
 * TRACE and TRACK are never supported (SEC-4: no echo). The site itself is read-only, so
 * other methods outside `/api` get 405; the API decides for itself.
 */
function methodRejection(method: string, url: string): 405 | 501 | null {
  if (method === "GET" || method === "HEAD") return null;
  if (method === "TRACE" || method === "TRACK") return 501;
  return isApiUrl(url) ? null : 405;
}

/** Low-cardinality route label: every page and asset shares the site's catch-all. */
function metricsRoute(url: string | undefined): string {
  if (url === undefined) return "not-found";
  if (url === "/*") return "site";
  return url;
}

function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}
