/**
 * Reads a Node process's memory through its inspector (the process runs with
 * `--inspect=127.0.0.1:PORT`), after a full garbage collection. V8 grows its heap lazily
 * while there is room, so raw RSS saws up and down by hundreds of MB with no leak; measured
 * after a collection, RSS and the live heap compare like with like.
 */

export interface SettledMemory {
  rssMb: number;
  heapUsedMb: number;
}

export interface Inspector {
  settledMemory(): Promise<SettledMemory>;
  close(): void;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string };
}

export async function connectInspector(port: number): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const waiting = new Map<number, (reply: Reply) => void>();
  socket.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data)) as Reply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  let lastId = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      lastId += 1;
      waiting.set(lastId, (reply) =>
        reply.error
          ? reject(new Error(`${method}: ${reply.error.message}`))
          : resolve(reply.result),
      );
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return {
    async settledMemory() {
      await call("HeapProfiler.collectGarbage");
      const result = (await call("Runtime.evaluate", {
        expression: "JSON.stringify(process.memoryUsage())",
        returnByValue: true,
      })) as { result: { value: string } };
      const usage = JSON.parse(result.result.value) as NodeJS.MemoryUsage;
      return { rssMb: usage.rss / 1024 / 1024, heapUsedMb: usage.heapUsed / 1024 / 1024 };
    },
    close: () => socket.close(),
  };
}
