import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { createFormTestBed, type FormTestBed, formBody } from "../test-support/form-app.ts";
import { TestSmtpServer, waitFor } from "../test-support/smtp.ts";

let bed: FormTestBed;
let smtp: TestSmtpServer;

beforeAll(async () => {
  bed = await createFormTestBed();
  smtp = new TestSmtpServer();
  await smtp.start();
});

afterAll(async () => {
  await smtp?.stop();
  await bed?.cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

test("SEC-8: JSON log lines with reason codes, never names or addresses", async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: String(port),
      BUILD_DIR: bed.fake.buildDir,
      DATA_DIR: await bed.newDataDir(),
      SMTP_URL: smtp.url,
      OUTBOX_RETRY_SCHEDULE: "fast",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const url = `http://127.0.0.1:${port}/api/sendEmail`;
  const send = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...headers,
      },
    });
  try {
    await waitFor(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
      } catch {
        return false;
      }
    }, 60_000);
    expect((await send(formBody(VALID_REFERRAL))).status).toBe(200);
    expect(
      (await send(formBody({ ...VALID_REFERRAL, friendEmail: "not-an-address" }))).status,
    ).toBe(400);
    expect((await send(formBody({ ...VALID_REFERRAL, website: "x" }))).status).toBe(200);
    expect((await send(formBody(VALID_REFERRAL), { origin: "https://evil.example" })).status).toBe(
      403,
    );
    for (let i = 0; i < 4; i += 1) await send("");
    expect((await send(formBody(VALID_REFERRAL))).status).toBe(429);
    await waitFor(() => output.includes("outbox: email sent")).catch((error) => {
      console.log(output);
      throw error;
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  const lines = output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const reasons = lines.map((line) => line.reason).filter(Boolean);
  expect(reasons).toEqual(
    expect.arrayContaining(["invalid-fields", "honeypot", "cross-site", "rate-limited"]),
  );
  // Not even a masked address (issue 49): the outbox id finds the row.
  const sent = lines.find((line) => line.msg === "outbox: email sent");
  expect(sent).toMatchObject({ outboxId: expect.any(String), kind: "referral" });
  expect(sent).not.toHaveProperty("to");
  for (const line of lines) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  for (const secret of [
    "bob@example.com",
    "ana@example.com",
    "García",
    "Smith",
    "not-an-address",
  ]) {
    expect(output).not.toContain(secret);
  }
}, 180_000);
