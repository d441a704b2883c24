import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { ServerConfig } from "./config.ts";
import { buildCsp } from "./csp.ts";
import { createClientErrorHandler, createErrorHandler, sendError } from "./errors.ts";
import { createHttpServerFactory } from "./http-server.ts";
import { AccessLogController, loggerOptions } from "./logging.ts";
import { apiPlugin } from "./routes/api.ts";
import { type FormApi, openFormApi } from "./routes/index.ts";
import { baseResponseHeaders } from "./security-headers.ts";
import { registerSite } from "./site.ts";
import { loadStaticIndex } from "./static-index.ts";

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
}

declare module "fastify" {
  interface FastifyInstance {
    /** The form API (store, worker), when this app serves it. */
    formApi: FormApi | null;
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
  const baseHeaders = baseResponseHeaders(config);
  const baseCsp = buildCsp();
  const http = createHttpServerFactory(baseHeaders);

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
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(baseHeaders);
    const status = methodRejection(request.method, request.url);
    if (status === null) return done();
    if (status === 405) reply.header("allow", "GET, HEAD");
    sendError(reply, status, baseCsp);
  });
  // REL-5: answers finishing during shutdown close their connection, so the drain ends
  // instead of waiting for kept-alive sockets to time out.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (isClosing) reply.header("connection", "close");
    done(null, payload);
  });
  app.setErrorHandler(createErrorHandler(baseCsp));

  const formApi =
    options.apiRoutes === undefined && config.api
      ? await openFormApi({
          config: config.api,
          baseCsp,
          log: app.log,
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
    });
    app.addHook("preClose", (done) => {
      stopping = formApi.worker.stop();
      done();
    });
    app.addHook("onClose", async () => {
      await stopping;
      await formApi.close();
    });
  }

  app.get("/healthz", (_request, reply) => {
    reply.header("content-type", "text/plain; charset=utf-8").send("ok");
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

function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}
