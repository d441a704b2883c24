import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { rawHeaderLines } from "./security-headers.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** Headers describing a file representation; wrong on an error answer, so they are dropped. */
const REPRESENTATION_HEADERS = [
  "content-encoding",
  "content-range",
  "accept-ranges",
  "etag",
  "last-modified",
  "vary",
];

/** The status for an error: its own 4xx status when it has one, otherwise 500. */
function errorStatus(error: { statusCode?: unknown }): number {
  const status = error.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : 500;
}

/**
 * Sends a short generic JSON error (SEC-4): `{"error":"Bad Request"}`, never a message,
 * code, stack or path. Resets headers a file answer may already have set.
 */
export function sendError(reply: FastifyReply, status: number, baseCsp: string): FastifyReply {
  for (const name of REPRESENTATION_HEADERS) reply.removeHeader(name);
  return reply
    .code(status)
    .header("content-type", JSON_TYPE)
    .header("cache-control", "no-store")
    .header("content-security-policy", baseCsp)
    .send({ error: STATUS_CODES[status] ?? "Error" });
}

/**
 * Last-resort error handler: 4xx errors from Fastify (body too large, bad content type…)
 * keep their status, anything else becomes a generic 500 and is logged with its stack.
 * The process keeps running either way.
 */
export function createErrorHandler(baseCsp: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = errorStatus(error);
    if (status >= 500) request.log.error({ err: error }, "unhandled error");
    else request.log.info({ code: error.code, statusCode: status }, "client error");
    return sendError(reply, status, baseCsp);
  };
}

/** Parser errors Node reports on the socket, mapped to the status they deserve. */
const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  // Methods the HTTP parser does not know, such as TRACK.
  HPE_INVALID_METHOD: 501,
};

/**
 * Answers requests that never became requests (malformed, too slow, oversized headers) on
 * the raw socket, like Fastify's default but with the security headers and a generic body.
 */
export function createClientErrorHandler(baseHeaders: Readonly<Record<string, string>>) {
  const headerLines = rawHeaderLines(baseHeaders);
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = CLIENT_ERROR_STATUS[error.code ?? ""] ?? 400;
    const body = JSON.stringify({ error: STATUS_CODES[status] });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\n` +
          `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `${headerLines}\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
