import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { promisify } from "node:util";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** A service the topology needs is missing: the test fails with this message, never skips. */
class MissingService extends Error {
  override name = "MissingService";
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request, optionally from a chosen loopback source address (a distinct client IP). */
export function send(options: {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
  timeoutMs?: number;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: options.port,
        path: options.path,
        method: options.method ?? "GET",
        headers: options.headers,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(options.body);
  });
}

export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** The nginx binary, or a clear failure. */
export function findNginx(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new MissingService(
    "nginx is not installed: the topology test needs it (Debian: apt-get install nginx; .ci/run installs it)",
  );
}

/** What an API instance runs; the container image's CMD must be the same (deploy.test.ts). */
export const SERVER_COMMAND = ["node", "server/main.ts"] as const;

/** One API instance: `node server/main.ts` with the given environment. */
export class Instance {
  child: ChildProcess | null = null;
  readonly name: string;
  readonly port: number;
  readonly metricsPort: number;
  readonly env: Record<string, string>;
  /** The instance's log lines (pino JSON) across its restarts, for failure messages. */
  readonly log: string[] = [];

  constructor(name: string, port: number, metricsPort: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.metricsPort = metricsPort;
    this.env = env;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, SERVER_COMMAND.slice(1), {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        INSTANCE_ID: this.name,
        METRICS_PORT: String(this.metricsPort),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.child = child;
    let partial = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      this.log.push(...lines);
    });
    await waitUntil(
      `${this.name} ready`,
      async () =>
        (await send({ port: this.port, path: "/readyz", timeoutMs: 2000 })).status === 200,
      // Generous: on a heavily loaded CI machine a cold start took 22 s (2 s idle).
      60_000,
    );
  }

  /** SIGKILL: no drain, leases left behind. */
  kill(): Promise<void> {
    return this.#signal("SIGKILL");
  }

  /** SIGTERM: the graceful shutdown of REL-5. */
  stop(): Promise<void> {
    return this.#signal("SIGTERM");
  }

  async #signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill(signal);
    await exited;
  }

  async metrics(): Promise<string> {
    return (await send({ port: this.metricsPort, path: "/metrics" })).body;
  }
}

/** One sample of the Prometheus text by metric name and exact label set. */
export function sample(text: string, name: string, labels = ""): number | null {
  const line = text.split("\n").find((row) => row.startsWith(`${name}${labels} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(" ") + 1));
}

/** nginx as a foreground master with its configuration in `prefix`. */
export class Nginx {
  #child: ChildProcess | null = null;
  readonly binary: string;
  readonly prefix: string;

  constructor(binary: string, prefix: string) {
    this.binary = binary;
    this.prefix = prefix;
  }

  async start(port: number): Promise<void> {
    const args = [
      "-p",
      this.prefix,
      "-c",
      `${this.prefix}/nginx.conf`,
      "-e",
      `${this.prefix}/error.log`,
    ];
    try {
      await run(this.binary, ["-t", "-q", ...args]);
    } catch (error) {
      throw new Error(
        `nginx -t rejected the generated configuration: ${(error as { stderr?: string }).stderr}`,
      );
    }
    this.#child = spawn(this.binary, args, { stdio: ["ignore", "ignore", "inherit"] });
    await waitUntil(
      "nginx listening",
      async () => (await send({ port, path: "/" })).status === 200,
      10_000,
    );
  }

  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // SIGQUIT: graceful stop of the master and its workers.
    child.kill("SIGQUIT");
    await exited;
  }
}
