import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openStore } from "../server/store/database.ts";
import type { SubmissionReport } from "../server/store/submissions.ts";
import {
  createFormTestBed,
  type FormTestBed,
  formBody,
  startFormApp,
  testApiConfig,
} from "../server/test-support/form-app.ts";
import { waitFor } from "../server/test-support/smtp.ts";
import { VALID_PARTNER, VALID_REFERRAL } from "../tests/fixtures/submissions.ts";
import { parseArgs, reportRows, toCsv, toTable } from "./submissions-lib.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

const referral: SubmissionReport = {
  id: "a1",
  kind: "referral",
  locale: "de",
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  status: "queued",
  minimisedAt: null,
  payload: { ...VALID_REFERRAL, yourFirstName: '=HYPERLINK("x")' },
  emails: [
    { kind: "referral", state: "pending", attempts: 3, sentAt: null, lastError: "ECONNECTION" },
  ],
};
const partner: SubmissionReport = {
  id: "b2",
  kind: "partner",
  locale: "en",
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 6),
  status: "queued",
  minimisedAt: null,
  payload: { ...VALID_PARTNER },
  emails: [
    { kind: "partner-notify", state: "sent", attempts: 1, sentAt: 1, lastError: null },
    {
      kind: "partner-ack",
      state: "dead",
      attempts: 1,
      sentAt: null,
      lastError: "EENVELOPE 550 RCPT TO",
    },
  ],
};

test("a referral whose friend fields are gone says when, instead of naming the friend", () => {
  const [row] = reportRows([{ ...referral, minimisedAt: Date.UTC(2026, 0, 3) }]);
  expect(row?.about).toBe("friend's name and address removed 2026-01-03");
});

test("rows summarise who, what and each email's delivery state", () => {
  expect(reportRows([referral, partner])).toEqual([
    {
      id: "a1",
      created_at: "2026-01-02T03:04:05.000Z",
      kind: "referral",
      locale: "de",
      status: "queued",
      name: '=HYPERLINK("x") García',
      email: "ana@example.com",
      about: "friend Bob Smith <bob@example.com>",
      delivery: "referral:pending(3 tries, ECONNECTION)",
    },
    {
      id: "b2",
      created_at: "2026-01-02T03:04:06.000Z",
      kind: "partner",
      locale: "en",
      status: "queued",
      name: "Łukasz Nowak",
      email: "lukasz@example.pl",
      about: "Nowak & Co <Księgowość> / bookkeeper / 100+ clients / notes: Line one\r\nLine two",
      delivery: "partner-notify:sent; partner-ack:dead(1 try, EENVELOPE 550 RCPT TO)",
    },
  ]);
});

test("CSV quotes what needs quoting and defuses spreadsheet formulas", () => {
  const csv = toCsv(reportRows([referral, partner]));
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe("id,created_at,kind,locale,status,name,email,about,delivery");
  expect(lines[1]).toContain(`"'=HYPERLINK(""x"") García"`);
  expect(csv).toContain(
    '"Nowak & Co <Księgowość> / bookkeeper / 100+ clients / notes: Line one\r\nLine two"',
  );
});

test("the table flattens control characters and counts the rows", () => {
  const table = toTable(reportRows([referral, partner]));
  expect(table).not.toMatch(/\r/);
  expect(table.trimEnd().split("\n").at(-1)).toBe("2 submissions");
});

test.each([
  [[], { command: "list", format: "table" }],
  [["--format", "csv"], { command: "list", format: "csv" }],
  [["list", "--format=table"], { command: "list", format: "table" }],
  [["find", " Ana@Example.com "], { command: "find", address: "ana@example.com" }],
  [["export", "ana+tag@example.com"], { command: "export", address: "ana+tag@example.com" }],
  [["erase", "ana@example.com"], { command: "erase", address: "ana@example.com", yes: false }],
  [
    ["erase", "--yes", "ana@example.com"],
    { command: "erase", address: "ana@example.com", yes: true },
  ],
  [["erase", "--replay"], { command: "replay", ledger: null }],
  [["erase", "--replay", "old.jsonl"], { command: "replay", ledger: "old.jsonl" }],
  [["purge"], { command: "purge", dryRun: false }],
  [["purge", "--dry-run"], { command: "purge", dryRun: true }],
])("parseArgs(%j)", (argv, command) => {
  expect(parseArgs(argv)).toEqual(command);
});

test.each([
  [["--format", "xml"]],
  [["--verbose"]],
  [["--format"]],
  [["find"]],
  [["find", "Ana García"]],
  [["find", "a@example.com", "b@example.com"]],
  [["erase", "--dry-run", "a@example.com"]],
  [["purge", "--yes"]],
  [["erase", "--replay", "--yes"]],
  [["forget", "a@example.com"]],
])("parseArgs(%j) explains the usage", (argv) => {
  expect(() => parseArgs(argv)).toThrow(/usage: npm run submissions/);
});

describe("the command", () => {
  let bed: FormTestBed;
  let dataDir: string;
  beforeAll(async () => {
    bed = await createFormTestBed();
    dataDir = await bed.newDataDir();
    const app = await startFormApp(bed.fake.buildDir, testApiConfig(dataDir));
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    };
    await app.inject({
      method: "POST",
      url: "/api/sendEmail?locale=fr",
      payload: formBody(VALID_REFERRAL),
      headers,
    });
    await app.inject({
      method: "POST",
      url: "/api/joinPartner",
      payload: formBody({ ...VALID_PARTNER, notes: "" }),
      headers,
    });
    const store = app.formApi?.store;
    await waitFor(async () => {
      const rows = await store?.db.selectFrom("outbox").select("state").execute();
      return rows?.every((row) => row.state === "sent") ?? false;
    });
    await app.close();
  });
  afterAll(async () => {
    await bed?.cleanup();
  });

  test("`npm run submissions -- --format csv` lists stored submissions and their delivery", async () => {
    const { stdout } = await run(process.execPath, ["scripts/submissions.ts", "--format", "csv"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const lines = stdout.trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    // Emailed: the friend's name and address have left the row (issue 49).
    expect(lines[1]).toMatch(
      /,referral,fr,queued,Ana García,ana@example\.com,friend's name and address removed \d{4}-\d\d-\d\d,referral:sent$/,
    );
    expect(lines[2]).toContain(",partner,en,queued,Łukasz Nowak,");
    expect(lines[2]).toMatch(/partner-ack:sent; partner-notify:sent$/);
  }, 30_000);

  test("the table format is the default", async () => {
    const { stdout } = await run(process.execPath, ["scripts/submissions.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toMatch(/^id\s+created_at\s+kind/);
    expect(stdout).toContain("2 submissions");
  }, 30_000);

  test("find prints its table on stdout and one JSON log line on stderr, with no value in it", async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      ["scripts/submissions.ts", "find", "ANA@example.com"],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir } },
    );
    expect(stdout).toMatch(/referral\s+referrer\s+Ana García\s+ana@example\.com/);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: "info",
      msg: "find",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      submissions: 1,
    });
    expect(stderr).not.toMatch(/ana|García/i);
  }, 30_000);

  test("erase without --yes asks, and with no answer erases nothing (exit 1); a usage error is exit 2", async () => {
    const erase = run(process.execPath, ["scripts/submissions.ts", "erase", "ana@example.com"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    erase.child.stdin?.end();
    await expect(erase).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining("Nothing erased."),
    });
    const { stdout } = await run(
      process.execPath,
      ["scripts/submissions.ts", "find", "ana@example.com"],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    expect(stdout).toContain("1 submission\n");
    await expect(
      run(process.execPath, ["scripts/submissions.ts", "erase", "not an address"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: npm run submissions"),
    });
  }, 60_000);

  test("a database of an older schema is a readable error, not a stack trace", async () => {
    const store = await openStore({ dataDir, databaseUrl: null });
    await store.db
      .deleteFrom("kysely_migration" as never)
      .where("name" as never, "=", "0003-data-lifecycle" as never)
      .execute();
    try {
      await expect(
        run(process.execPath, ["scripts/submissions.ts", "find", "ana@example.com"], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir },
        }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^The database at .* is not migrated/),
      });
    } finally {
      await store.db
        .insertInto("kysely_migration" as never)
        .values({ name: "0003-data-lifecycle", timestamp: new Date().toISOString() } as never)
        .execute();
      await store.close();
    }
  }, 30_000);

  test("a missing database is a readable error, exit 1", async () => {
    await expect(
      run(process.execPath, ["scripts/submissions.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: path.join(dataDir, "nowhere") },
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Cannot open the database"),
    });
  }, 30_000);
});
