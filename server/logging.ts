import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { LogLevel } from "./config.ts";

/**
 * One access-log line per response (SEC-8) instead of Fastify's two (incoming + completed):
 * method, path, matched route, status, latency in ms and client IP (via trustProxy).
 * The query string is left out because it can carry personal data.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const entry = {
      method: request.method,
      path: pathWithoutQuery(request.url),
      route: request.routeOptions.url ?? null,
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...entry, err: error }, "request errored");
    else reply.log.info(entry, "request completed");
  }
}

function pathWithoutQuery(url: string): string {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** UTC ISO-8601 `time` field; the same output as `pino.stdTimeFunctions.isoTime`. */
function isoTime(): string {
  return `,"time":"${new Date().toISOString()}"`;
}

/**
 * Fastify logger options: JSON lines from pino with UTC ISO time and the request id
 * (`reqId`) on every request line; `silent` disables the logger entirely (tests).
 */
export function loggerOptions(level: LogLevel) {
  if (level === "silent") return false;
  return { level, timestamp: isoTime };
}
