import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { Socket } from "node:net";
import { setRawHeaders } from "./security-headers.ts";

/** REL-6 timeouts and bounds for the Node HTTP server. */
export const HTTP_TIMEOUTS = {
  /** Whole request (headers and body) must arrive within this; never 0. */
  requestTimeoutMs: 30_000,
  /** Headers must arrive within this (slowloris). */
  headersTimeoutMs: 20_000,
  /** Above a proxy's usual 60 s idle timeout, so the proxy closes first (5-75 s). */
  keepAliveTimeoutMs: 72_000,
  /** How often Node checks the two limits above; its 30 s default cuts slow clients late. */
  connectionsCheckingIntervalMs: 5_000,
  /** Socket inactivity while a request is in progress. */
  socketTimeoutMs: 20_000,
} as const;

const UNAVAILABLE_BODY = '{"error":"Service Unavailable"}';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * REL-5 drain bookkeeping. When shutdown starts, idle connections (including ones that never
 * sent a byte) are closed; a connection still open then is either answering a request (its
 * response finishes normally) or in the middle of receiving one, which is admitted once
 * and served normally. Any other request
 * that reaches the server during the drain (a pipelined or racing one) gets 503.
 * Fastify's own `return503OnClosing` cannot tell these apart: it answered 503 to a request
 * whose headers were still arriving at SIGTERM, so it is off and this gate replaces it.
 */
class DrainGate {
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  #answering = new Set<Socket>();
  #admitted: Set<Socket> | null = null;

  track(server: Server, isTls: boolean) {
    this.#server = server;
    // Over TLS the requests' sockets are the TLS ones, which `secureConnection` hands over.
    server.on(isTls ? "secureConnection" : "connection", (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once("close", () => this.#sockets.delete(socket));
    });
  }

  /** True when the request may proceed; false when it must get 503 (draining). */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const { socket } = req;
    if (this.#admitted !== null && !this.#admitted.delete(socket)) return false;
    this.#answering.add(socket);
    res.once("close", () => this.#answering.delete(socket));
    return true;
  }

  beginDrain() {
    if (this.#admitted !== null) return;
    this.#server?.closeIdleConnections();
    const open = [...this.#sockets].filter(
      (socket) => !socket.destroyed && !this.#answering.has(socket),
    );
    // Node does not count a connection that never sent a byte (a browser preconnect) as
    // idle, and it would hold the drain open until the grace period runs out.
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    this.#admitted = new Set(open.filter((socket) => !socket.destroyed));
  }
}

function rejectDuringDrain(res: ServerResponse) {
  res.writeHead(503, {
    connection: "close",
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(UNAVAILABLE_BODY),
  });
  res.end(UNAVAILABLE_BODY);
}

/** The Fastify `serverFactory` and the hook that starts the drain on shutdown. */
export interface HttpServerFactory {
  serverFactory: (handler: Handler) => Server;
  beginDrain: () => void;
}

/** A certificate and its private key (PEM), for a server that terminates TLS itself. */
export interface TlsCredentials {
  key: string;
  cert: string;
}

/**
 * Creates the Node HTTP server for Fastify: the REL-6 timeouts above can only be set at
 * creation. The base headers are written on the raw response first, so even answers
 * written outside Fastify's hooks (the drain's 503) carry them; hooks overwrite as needed.
 * With `tls` it is an HTTPS server instead (production ends TLS at the proxy; the tests of
 * the HTTPS rule's TLS case serve the app this way).
 */
export function createHttpServerFactory(
  baseHeaders: Readonly<Record<string, string>>,
  tls?: TlsCredentials,
): HttpServerFactory {
  const gate = new DrainGate();
  const serverFactory = (handler: Handler): Server => {
    const options = {
      requestTimeout: HTTP_TIMEOUTS.requestTimeoutMs,
      headersTimeout: HTTP_TIMEOUTS.headersTimeoutMs,
      keepAliveTimeout: HTTP_TIMEOUTS.keepAliveTimeoutMs,
      connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingIntervalMs,
    };
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      setRawHeaders(res, baseHeaders);
      if (gate.admit(req, res)) handler(req, res);
      else rejectDuringDrain(res);
    };
    const server: Server = tls
      ? createTlsServer({ ...options, ...tls }, listener)
      : createServer(options, listener);
    server.setTimeout(HTTP_TIMEOUTS.socketTimeoutMs);
    gate.track(server, tls !== undefined);
    return server;
  };
  return { serverFactory, beginDrain: () => gate.beginDrain() };
}
