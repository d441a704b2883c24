import { connect } from "node:net";

/** A response read straight off the socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte (no URL normalisation, unlike fetch or `inject`) and reads
 * the answer until the server closes the connection. Include `Connection: close`.
 */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks).toString("latin1"))));
    socket.write(request, "latin1");
  });
}

/** A GET for `target` exactly as written, on a connection that closes after the answer. */
export function rawGet(port: number, target: string, method = "GET"): Promise<RawResponse> {
  return rawRequest(
    port,
    `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
  );
}

function parseResponse(text: string): RawResponse {
  const headerEnd = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, headerEnd).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(headerEnd + 4) };
}
