import { afterAll, beforeAll, expect, test } from "vitest";
import { VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { createFormTestBed, type FormTestBed, formBody } from "../test-support/form-app.ts";
import { startServerProcess } from "../test-support/server-process.ts";
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

test("SEC-8: JSON log lines with reason codes, never names or addresses", async () => {
  const server = await startServerProcess({
    BUILD_DIR: bed.fake.buildDir,
    DATA_DIR: await bed.newDataDir(),
    SMTP_URL: smtp.url,
    OUTBOX_RETRY_SCHEDULE: "fast",
    LOG_LEVEL: "info",
  });
  const send = (body: string, headers: Record<string, string> = {}) =>
    server.post("/api/sendEmail", body, headers);
  try {
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
    await waitFor(() => server.logs().includes("outbox: email sent")).catch((error) => {
      console.log(server.logs());
      throw error;
    });
  } finally {
    await server.stop();
  }
  const output = server.logs();
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
