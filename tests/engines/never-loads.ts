import { createServer, type ServerResponse } from "node:http";
import { listenLocally } from "./local-server.ts";

export interface NeverLoads {
  origin: string;
  /** How many requests a path has had. */
  requests(path: string): number;
  close(): Promise<void>;
}

/**
 * A server whose pages never finish loading: it sends the head of a document and then
 * nothing more, keeping the response open, as a stalled upstream would. The harness must
 * fail such a load in seconds and say where (drivers.ts, PAGE_LOAD_TIMEOUT_MS).
 */
export async function startNeverLoads(port: number): Promise<NeverLoads> {
  const counts = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (path === "/favicon.ico") {
      response.writeHead(404).end();
      return;
    }
    open.add(response);
    response.on("close", () => open.delete(response));
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.write("<!doctype html><html lang=en><title>Never loads</title><p>Loading");
  });
  const local = await listenLocally(server, port);
  return {
    origin: local.origin,
    requests: (path) => counts.get(path) ?? 0,
    close: () => {
      for (const response of open) response.destroy();
      return local.close();
    },
  };
}
