import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "./postgres.ts";
import { waitFor } from "./smtp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  base: string;
  /** Everything the process wrote to stdout and stderr so far: its log lines. */
  logs(): string;
  /** A form-encoded post, as a browser's script sends it (JSON answers). */
  post(url: string, body: string, headers?: Record<string, string>): Promise<Response>;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * `npm start`'s server as its own process on a free loopback port, for tests that read what
 * it logs; resolves once `/healthz` answers. `env` adds to (and overrides) the test's own.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitFor(async () => {
      try {
        return (await fetch(`${base}/healthz`)).ok;
      } catch {
        return false;
      }
    }, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`the server did not start; it wrote:\n${output}`, { cause: error });
  }
  return {
    base,
    logs: () => output,
    post: (url, body, headers = {}) =>
      fetch(`${base}${url}`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          ...headers,
        },
      }),
    stop,
  };
}
