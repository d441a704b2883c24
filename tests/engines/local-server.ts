import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  origin: string;
  /** Ends every open connection, then stops listening. */
  close(): Promise<void>;
}

/** Starts `server` on 127.0.0.1 (port 0: any free one) for the suite's helpers. */
export async function listenLocally(server: Server, port: number): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
