import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { runPostbuild } from "../scripts/postbuild-lib.ts";
import { installGracefulShutdown } from "./server.ts";
import { createFakeBuild, type FakeBuild } from "./test-support/fake-build.ts";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROCESS_TIMEOUT_MS = 20_000;

/** A server process and everything it printed so far. */
interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `script` on this Node (24 under `npm run`/`npx`) against `buildDir` on a free port. */
function spawnScript(script: string, buildDir: string): ServerProcess {
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUILD_DIR: buildDir, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the first match of `pattern` in the process output. */
async function waitForOutput(server: ServerProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (server.child.exitCode !== null) throw new Error(`exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function listeningPort(server: ServerProcess): Promise<number> {
  const [, port] = await waitForOutput(server, /listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return Number(port);
}

/** Opens a connection and resolves once connected. */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("close", () => resolve(text));
  });
}

let fake: FakeBuild;
const running: ServerProcess[] = [];

function start(script: string, buildDir = fake.buildDir): ServerProcess {
  const server = spawnScript(script, buildDir);
  running.push(server);
  return server;
}

beforeAll(async () => {
  fake = await createFakeBuild();
  await runPostbuild(fake.buildDir);
});

afterEach(() => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
  }
});

afterAll(() => fake.cleanup());

describe("node server/main.ts", () => {
  test(
    "serves, then exits 0 within 10 s of SIGTERM",
    async () => {
      const server = start("server/main.ts");
      const port = await listeningPort(server);
      const response = await fetch(`http://127.0.0.1:${port}/pricing`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toContain("sha256-");

      const signalledAt = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
    },
    PROCESS_TIMEOUT_MS,
  );

  test(
    "finishes a request already being received when SIGTERM arrives",
    async () => {
      const server = start("server/main.ts");
      const port = await listeningPort(server);
      const socket = await openSocket(port);
      const answer = readUntilClosed(socket);
      socket.write("GET /de/pricing HTTP/1.1\r\nHost: localhost\r\n");
      // The server must have begun parsing this request before the signal.
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.child.kill("SIGTERM");
      await waitForOutput(server, /shutting down/);
      socket.write("Accept: text/html\r\n\r\n");

      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(text.toLowerCase()).toContain("connection: close");
      expect(text).toContain("<h1>Preise</h1>");
      expect(await server.exited).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );

  test(
    "open connections without a request (preconnects, kept-alive) do not delay exit",
    async () => {
      const server = start("server/main.ts");
      const port = await listeningPort(server);
      const preconnect = await openSocket(port);
      const keptAlive = await openSocket(port);
      const keptAliveAnswer = readUntilClosed(keptAlive);
      keptAlive.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await waitForOutput(server, /request completed/);

      const signalledAt = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(2_000);
      expect(await keptAliveAnswer).toMatch(/^HTTP\/1\.1 200 OK/);
      preconnect.destroy();
    },
    PROCESS_TIMEOUT_MS,
  );

  test(
    "a second signal exits at once while a request is still in flight",
    async () => {
      const server = start("server/main.ts");
      const port = await listeningPort(server);
      const socket = await openSocket(port);
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.child.kill("SIGTERM");
      await waitForOutput(server, /shutting down/);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(1);
      socket.destroy();
    },
    PROCESS_TIMEOUT_MS,
  );

  test(
    "refuses to start without a build, saying how to make one",
    async () => {
      const emptyDir = await mkdtemp(path.join(tmpdir(), "beyond-empty-"));
      const server = start("server/main.ts", emptyDir);
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /Cannot start the server: Build output missing: .*index\.html/,
      );
      expect(server.output()).toContain("npm run build");
      await rm(emptyDir, { recursive: true, force: true });
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe("node scripts/start.ts", () => {
  test(
    "starts the server on an existing build and prints its URL",
    async () => {
      const server = start("scripts/start.ts");
      const [, url] = await waitForOutput(server, /Beyond is running at (http:\/\/\S+)/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe("installGracefulShutdown", () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} };

  test("exits 1 when the drain outlasts the grace period", async () => {
    const exit = vi.fn();
    const uninstall = installGracefulShutdown(
      { close: () => new Promise(() => {}), log },
      { graceMs: 20, exit },
    );
    process.emit("SIGTERM", "SIGTERM");
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    uninstall();
  });

  test("exits 0 once the app has closed", async () => {
    const exit = vi.fn();
    const close = vi.fn(() => Promise.resolve());
    const uninstall = installGracefulShutdown({ close, log }, { graceMs: 5_000, exit });
    process.emit("SIGINT", "SIGINT");
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledOnce();
    uninstall();
  });
});
