import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { createFormTestBed, type FormTestBed, formBody } from "../test-support/form-app.ts";
import { startServerProcess } from "../test-support/server-process.ts";
import { TestSmtpServer, waitFor } from "../test-support/smtp.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * Issue 49: no log line of the server or of the submissions command holds a form field's
 * value, not even masked. Every field of every post carries one unique marker (addresses in
 * the local part and the domain, names, company, notes, a honeypot, invalid and hostile
 * values); the server logs at `trace`, the command runs every subcommand; the marker must
 * appear in no log line, while the command's own output (for the operator) shows it.
 */
const MARKER = `mk${randomBytes(5).toString("hex")}`;

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

test("no log line of the server or the command holds a form value", async () => {
  const dataDir = await bed.newDataDir();
  const server = await startServerProcess({
    BUILD_DIR: bed.fake.buildDir,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    OUTBOX_RETRY_SCHEDULE: "fast",
    LOG_LEVEL: "trace",
  });
  const { post } = server;
  const referrer = `${MARKER}.ref@${MARKER}.example`;
  const friend = `${MARKER}.friend@${MARKER}.example`;
  const partnerAddress = `${MARKER}.p@${MARKER}.example`;
  try {
    const referral = {
      yourFirstName: `Ana${MARKER}`,
      yourLastName: `García${MARKER}`,
      friendFirstName: `Bob${MARKER}`,
      friendLastName: `Smith${MARKER}`,
      yourEmail: referrer,
      friendEmail: friend,
    };
    expect((await post("/api/sendEmail", formBody(referral))).status).toBe(200);
    const partner = {
      ...VALID_PARTNER,
      firstName: `Łukasz${MARKER}`,
      lastName: `Nowak${MARKER}`,
      email: partnerAddress,
      company: `Co ${MARKER} <b>`,
      notes: `Line ${MARKER}\r\n{{${MARKER}}}' OR 1=1 --`,
    };
    expect((await post("/api/joinPartner", formBody(partner))).status).toBe(200);
    // Refused posts: invalid values, a honeypot, cross-site, a repeated field, JSON.
    expect(
      (await post("/api/sendEmail", formBody({ ...referral, friendEmail: `${MARKER}-no-at` })))
        .status,
    ).toBe(400);
    expect(
      (await post("/api/joinPartner", formBody({ ...partner, practiceType: MARKER }))).status,
    ).toBe(400);
    expect(
      (await post("/api/sendEmail", formBody({ ...VALID_REFERRAL, website: MARKER }))).status,
    ).toBe(200);
    expect(
      (await post("/api/sendEmail", formBody(referral), { origin: `https://${MARKER}.example` }))
        .status,
    ).toBe(403);
    expect(
      (await post("/api/sendEmail", `yourFirstName=${MARKER}&yourFirstName=${MARKER}x`)).status,
    ).toBe(400);
    expect(
      (
        await post("/api/sendEmail", JSON.stringify(referral), {
          "content-type": "application/json",
        })
      ).status,
    ).toBe(415);
    await waitFor(() => smtp.received.length >= 3, 30_000);
    expect(smtp.received.some((mail) => mail.raw.includes(MARKER))).toBe(true);

    // The command, every subcommand, while the server runs.
    const env = { ...process.env, DATA_DIR: dataDir, BUILD_DIR: bed.fake.buildDir };
    const command = (...args: string[]) =>
      run(process.execPath, ["scripts/submissions.ts", ...args], { cwd: root, env });
    const outputs: string[] = [];
    const logs: string[] = [];
    for (const args of [
      ["find", friend],
      ["export", partnerAddress],
      ["purge"],
      ["erase", "--yes", referrer],
      ["erase", "--replay"],
    ]) {
      const { stdout, stderr } = await command(...args);
      outputs.push(stdout);
      logs.push(stderr);
    }
    // The operator sees the data; the log lines only count it.
    expect(outputs[0]).toContain(`Ana${MARKER}`);
    expect(outputs[1]).toContain(`Line ${MARKER}`);
    const commandLines = logs.join("").trim().split("\n");
    expect(commandLines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      "find",
      "export",
      "purge done",
      "erasure done",
      "erasures replayed",
    ]);
    for (const line of commandLines) {
      expect(JSON.parse(line)).toMatchObject({
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    expect(logs.join("")).not.toContain(MARKER);
  } finally {
    await server.stop();
  }
  const serverLines = server.logs().trim().split("\n");
  const messages = serverLines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  expect(messages).toEqual(
    expect.arrayContaining([
      "submission accepted",
      "form post refused",
      "outbox: email sent",
      "data lifecycle: purge done",
    ]),
  );
  expect(server.logs()).not.toContain(MARKER);
}, 180_000);
