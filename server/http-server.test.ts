import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, expect, test } from "vitest";
import { createHttpServerFactory, HTTP_TIMEOUTS } from "./http-server.ts";

const BASE_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

let server: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** Starts a factory-made server whose requests wait until `release` is called. */
async function startHeldServer() {
  const held: ServerResponse[] = [];
  const factory = createHttpServerFactory(BASE_HEADERS);
  server = factory.serverFactory((_req: IncomingMessage, res: ServerResponse) => {
    held.push(res);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    for (const res of held.splice(0)) res.end("ok");
  };
  return { factory, port, held, release };
}

function open(port: number): Promise<{ socket: Socket; received: () => string }> {
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(port, "127.0.0.1", () => resolve({ socket, received: () => text }));
    socket.on("data", (chunk) => {
      text += chunk;
    });
    sockets.push(socket);
  });
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

test("sets the REL-6 timeouts on the Node server", () => {
  const created = createHttpServerFactory(BASE_HEADERS).serverFactory(() => {});
  expect(created.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
  expect(created.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
  expect(created.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeoutMs);
  expect(created.timeout).toBe(HTTP_TIMEOUTS.socketTimeoutMs);
  expect(HTTP_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
  expect(HTTP_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(20_000);
});

test("the drain serves requests in progress and answers 503 to new ones", async () => {
  const { factory, port, held, release } = await startHeldServer();
  const request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

  const answering = await open(port);
  answering.socket.write(request);
  await until(() => held.length === 1);
  const receiving = await open(port);
  receiving.socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
  const idle = await open(port);
  await new Promise((resolve) => setTimeout(resolve, 100));

  factory.beginDrain();
  await until(() => idle.socket.destroyed || idle.socket.readableEnded);

  receiving.socket.write("\r\n");
  await until(() => held.length === 2);
  release();
  await until(() => answering.received().includes("ok") && receiving.received().includes("ok"));
  expect(receiving.received()).toMatch(/^HTTP\/1\.1 200 OK/);

  // The connection that was answering at shutdown is kept alive: its next request is new.
  answering.socket.write(request);
  await until(() => answering.received().includes("503"));
  const rejected = answering.received().slice(answering.received().indexOf("HTTP/1.1 503"));
  expect(rejected).toContain("connection: close");
  expect(rejected).toContain("x-content-type-options: nosniff");
  expect(rejected).toContain('{"error":"Service Unavailable"}');
});
