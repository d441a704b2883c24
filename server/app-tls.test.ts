import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runPostbuild } from "../scripts/postbuild-lib.ts";
import { buildApp } from "./app.ts";
import type { TlsCredentials } from "./http-server.ts";
import { createFakeBuild, type FakeBuild } from "./test-support/fake-build.ts";

/**
 * The HTTPS rule's first case, end to end: a request that arrives over TLS (no proxy, a Host
 * that is not the public origin's) is served over HTTPS. The app listens on real TLS on
 * 127.0.0.1 with a throwaway self-signed certificate made by Debian's `openssl`.
 */

const ORIGIN = "https://www.beyondbudget.app";
const OPENSSL = "/usr/bin/openssl";
const PATHS = ["/", "/de/pricing", "/api/unknown", "/whatever"];

let fake: FakeBuild;
let certDir: string;
let credentials: TlsCredentials;

/** A self-signed certificate for 127.0.0.1, valid for a day. Fails when openssl is missing. */
async function selfSignedCertificate(dir: string): Promise<TlsCredentials> {
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  const result = spawnSync(
    OPENSSL,
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
      ...["-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { encoding: "utf8" },
  );
  if (result.error || result.status !== 0) {
    throw new Error(
      `The TLS test needs the openssl command at ${OPENSSL} (apt-get install openssl): ` +
        `${result.error?.message ?? result.stderr}`,
    );
  }
  return { key: await readFile(key, "utf8"), cert: await readFile(cert, "utf8") };
}

/** GET over TLS, trusting only the test's certificate. */
function headersOverTls(port: number, target: string): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, path: target, ca: credentials.cert },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.headers));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function listenOverTls(hsts: boolean): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp(
    {
      host: "127.0.0.1",
      port: 0,
      buildDir: fake.buildDir,
      hsts,
      trustProxy: [],
      logLevel: "silent",
    },
    { tls: credentials },
  );
  await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

beforeAll(async () => {
  fake = await createFakeBuild();
  await runPostbuild(fake.buildDir, ORIGIN);
  certDir = await mkdtemp(path.join(tmpdir(), "beyond-tls-"));
  credentials = await selfSignedCertificate(certDir);
});

afterAll(async () => {
  await fake?.cleanup();
  if (certDir) await rm(certDir, { recursive: true, force: true });
});

test("over TLS with HSTS=1: every answer sends HSTS and upgrades insecure requests", async () => {
  const { app, port } = await listenOverTls(true);
  try {
    for (const target of PATHS) {
      const headers = await headersOverTls(port, target);
      expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(headers["content-security-policy"]).toMatch(
        /^default-src 'self';.*; upgrade-insecure-requests$/,
      );
    }
  } finally {
    await app.close();
  }
});

test("over TLS with HSTS off: the directive, and still no HSTS", async () => {
  const { app, port } = await listenOverTls(false);
  try {
    const headers = await headersOverTls(port, "/pricing");
    expect(headers["content-security-policy"]).toMatch(/; upgrade-insecure-requests$/);
    expect(headers["strict-transport-security"]).toBeUndefined();
  } finally {
    await app.close();
  }
});
