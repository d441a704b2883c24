import { parseArgs as parseNodeArgs } from "node:util";
import { isEmailAddress } from "../app/lib/forms/rules.ts";
import { normaliseAddress } from "../server/privacy/address-keys.ts";
import type { PurgeReport } from "../server/store/retention.ts";
import type { EraseOutcome, StoredSubmission } from "../server/store/subject-requests.ts";
import type { SubmissionReport } from "../server/store/submissions.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Output formats of `npm run submissions` (the listing). */
const REPORT_FORMATS = ["table", "csv"] as const;
type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Columns of the listing, in order. */
export const REPORT_COLUMNS = [
  "id",
  "created_at",
  "kind",
  "locale",
  "status",
  "name",
  "email",
  "about",
  "delivery",
] as const;

type Row = Record<(typeof REPORT_COLUMNS)[number], string>;

/**
 * One flat row per submission: who sent it, the email address it concerns, a summary
 * (the friend, or company / practice / clients) and each email's delivery state, such as
 * `referral:sent` or `partner-notify:pending(3 tries, ECONNECTION)`. A referral whose
 * friend fields have left the payload says so instead of naming the friend.
 */
export function reportRows(submissions: readonly SubmissionReport[]): Row[] {
  return submissions.map((submission) => {
    const p = submission.payload;
    const referral = submission.kind === "referral";
    const friend =
      submission.minimisedAt === null
        ? `friend ${`${p.friendFirstName ?? ""} ${p.friendLastName ?? ""}`.trim()} <${p.friendEmail ?? ""}>`
        : `friend's name and address removed ${isoDate(submission.minimisedAt)}`;
    return {
      id: submission.id,
      created_at: new Date(submission.createdAt).toISOString(),
      kind: submission.kind,
      locale: submission.locale,
      status: submission.status,
      name: referral
        ? `${p.yourFirstName ?? ""} ${p.yourLastName ?? ""}`.trim()
        : `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(),
      email: (referral ? p.yourEmail : p.email) ?? "",
      about: referral
        ? friend
        : `${p.company ?? ""} / ${p.practiceType ?? ""} / ${p.clientNumber ?? ""} clients${p.notes ? ` / notes: ${p.notes}` : ""}`,
      delivery:
        submission.emails.length === 0
          ? "none (repeat recipient)"
          : submission.emails.map((email) => `${email.kind}:${deliveryState(email)}`).join("; "),
    };
  });
}

function deliveryState(email: SubmissionReport["emails"][number]): string {
  if (email.state === "sent") return "sent";
  const detail = [`${email.attempts} ${email.attempts === 1 ? "try" : "tries"}`, email.lastError]
    .filter(Boolean)
    .join(", ");
  return `${email.state}(${detail})`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Columns of `find` and of what `erase` is about to remove. */
const SUBJECT_COLUMNS = [
  "id",
  "created_at",
  "kind",
  "role",
  "name",
  "email",
  "about",
  "delivery",
  "delete_by",
] as const;

/**
 * The rows of `find`: the listing's columns for each submission that mentions the address,
 * with the address's role in it and the day the purge removes it.
 */
export function subjectRows(
  found: readonly StoredSubmission[],
  retentionDays: number,
): Record<(typeof SUBJECT_COLUMNS)[number], string>[] {
  const rows = reportRows(found);
  return found.map((submission, index) => {
    const row = rows[index] as Row;
    return {
      id: row.id,
      created_at: row.created_at,
      kind: row.kind,
      role: submission.roles.join("+"),
      name: row.name,
      email: row.email,
      about: row.about,
      delivery: row.delivery,
      delete_by: isoDate(submission.createdAt + retentionDays * DAY_MS),
    };
  });
}

/**
 * RFC 4180 CSV with a header line. Cells a spreadsheet would run as a formula (starting
 * with `=`, `+`, `-`, `@`, TAB or CR) get a leading apostrophe: the data is visitor input.
 */
export function toCsv(rows: readonly Row[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = [
    REPORT_COLUMNS.join(","),
    ...rows.map((row) => REPORT_COLUMNS.map((column) => cell(row[column])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A plain-text table for the terminal: control characters shown as spaces, long cells cut,
 * and a last line counting the rows (`2 submissions`).
 */
export function toTable<C extends string>(
  rows: readonly Record<C, string>[],
  columns: readonly C[] = REPORT_COLUMNS as unknown as readonly C[],
  maxCell = 48,
): string {
  const clean = (value: string) => {
    const flat = value.replace(/\p{Cc}/gu, " ");
    return flat.length > maxCell ? `${flat.slice(0, maxCell - 1)}…` : flat;
  };
  const cells = [[...columns], ...rows.map((row) => columns.map((column) => clean(row[column])))];
  const widths = columns.map((_, index) =>
    Math.max(...cells.map((line) => (line[index] ?? "").length)),
  );
  const render = (line: string[]) =>
    line
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  const [header = [], ...body] = cells;
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return `${[render(header), rule, ...body.map(render)].join("\n")}\n${plural(rows.length, "submission")}\n`;
}

/** The table of `find`. */
export function subjectTable(found: readonly StoredSubmission[], retentionDays: number): string {
  return toTable(subjectRows(found, retentionDays), SUBJECT_COLUMNS);
}

/** How many of each kind, e.g. `2 referral, 1 partner`; `none` for an empty list. */
export function byKind(items: readonly { kind: string; count?: number }[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + (item.count ?? 1));
  if (counts.size === 0) return "none";
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(", ");
}

/** What `erase` printed it removed: counts and ids, never a field's value. */
export function eraseSummary(outcome: EraseOutcome): string {
  const cancelled = outcome.emails.filter((email) => email.state === "pending");
  const lines = [
    `Removed ${plural(outcome.submissions.length, "submission")} (${byKind(outcome.submissions)}) and ${plural(outcome.emails.length + outcome.inFlight.length, "email")} (${byKind([...outcome.emails, ...outcome.inFlight])}).`,
  ];
  if (cancelled.length > 0) {
    lines.push(`${plural(cancelled.length, "pending email")} cancelled: never sent.`);
  }
  for (const email of outcome.inFlight) {
    lines.push(
      email.state === "sent"
        ? `The ${email.kind} email ${email.id} was being handed to SMTP when the erasure began: it was delivered before the erasure finished.`
        : `The ${email.kind} email ${email.id} was being handed to SMTP when the erasure began: that attempt failed, and it was cancelled.`,
    );
  }
  for (const submission of outcome.submissions) {
    lines.push(
      `  ${submission.id}  ${submission.kind}  ${new Date(submission.createdAt).toISOString()}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The table of `purge`: submissions by kind and month stored, then emails by kind. */
export function purgeTable(report: PurgeReport, dryRun: boolean): string {
  const verb = dryRun ? "Would remove" : "Removed";
  const lines = [
    `${verb} what was stored before ${new Date(report.cutoff).toISOString()}:`,
    ...report.submissions.map(
      (row) => `  ${row.month}  ${row.kind.padEnd(8)}  ${plural(row.count, "submission")}`,
    ),
    `  emails: ${byKind(report.emails)}`,
    `Total: ${plural(
      report.submissions.reduce((sum, row) => sum + row.count, 0),
      "submission",
    )}, ${plural(
      report.emails.reduce((sum, row) => sum + row.count, 0),
      "email",
    )}.`,
  ];
  if (report.keptPending > 0) {
    lines.push(
      `Kept ${plural(report.keptPending, "expired submission")} with an email still pending: the first purge after it is sent or given up removes it.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** What the command line asks for. */
export type Command =
  | { command: "list"; format: ReportFormat }
  | { command: "find" | "export"; address: string }
  | { command: "erase"; address: string; yes: boolean }
  | { command: "replay"; ledger: string | null }
  | { command: "purge"; dryRun: boolean };

/** Reads the command line; throws UsageError with the usage on anything else. */
export function parseArgs(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parseWith>;
  try {
    parsed = parseWith(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError();
  const [command = "list", ...rest] = positionals;
  const only = (allowed: readonly string[]) => {
    const given = Object.keys(values).filter((name) => values[name as keyof typeof values]);
    const extra = given.find((name) => !allowed.includes(name));
    if (extra) throw new UsageError(`--${extra} does not apply to ${command}`);
  };
  const address = () => {
    if (rest.length !== 1) throw new UsageError(`${command} takes one email address`);
    const normalised = normaliseAddress(rest[0] ?? "");
    if (!isEmailAddress(normalised)) {
      throw new UsageError(`"${rest[0]}" is not an email address`);
    }
    return normalised;
  };
  switch (command) {
    case "list": {
      only(["format"]);
      if (rest.length > 0) throw new UsageError(`unknown argument "${rest[0]}"`);
      const format = values.format ?? "table";
      if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
        throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(", ")}`);
      }
      return { command, format: format as ReportFormat };
    }
    case "find":
    case "export":
      only([]);
      return { command, address: address() };
    case "erase":
      if (values.replay) {
        only(["replay"]);
        if (rest.length > 1) throw new UsageError("erase --replay takes at most one ledger file");
        return { command: "replay", ledger: rest[0] ?? null };
      }
      only(["yes"]);
      return { command, address: address(), yes: values.yes === true };
    case "purge":
      only(["dry-run"]);
      if (rest.length > 0) throw new UsageError(`unknown argument "${rest[0]}"`);
      return { command, dryRun: values["dry-run"] === true };
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function parseWith(argv: readonly string[]) {
  return parseNodeArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string" },
      yes: { type: "boolean" },
      replay: { type: "boolean" },
      "dry-run": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

export class UsageError extends Error {
  override name = "UsageError";
  constructor(problem?: string) {
    super(
      `${problem ? `${problem}\n` : ""}usage: npm run submissions -- [list] [--format table|csv]
       npm run submissions -- find EMAIL
       npm run submissions -- export EMAIL
       npm run submissions -- erase EMAIL [--yes]
       npm run submissions -- erase --replay [LEDGER]
       npm run submissions -- purge [--dry-run]
Lists, finds, exports and erases stored submissions, and purges expired ones, in the
database the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL). The runbook is
docs/privacy-operations.md.`,
    );
  }
}
