import type { SubmissionReport } from "../server/store/submissions.ts";

/** Output formats of `npm run submissions`. */
export const REPORT_FORMATS = ["table", "csv"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Columns of the report, in order. */
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
 * `referral:sent` or `partner-notify:pending(3 tries, ECONNECTION)`.
 */
export function reportRows(submissions: readonly SubmissionReport[]): Row[] {
  return submissions.map((submission) => {
    const p = submission.payload;
    const referral = submission.kind === "referral";
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
        ? `friend ${`${p.friendFirstName ?? ""} ${p.friendLastName ?? ""}`.trim()} <${p.friendEmail ?? ""}>`
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

/** A plain-text table for the terminal: control characters shown as spaces, long cells cut. */
export function toTable(rows: readonly Row[], maxCell = 48): string {
  const clean = (value: string) => {
    const flat = value.replace(/\p{Cc}/gu, " ");
    return flat.length > maxCell ? `${flat.slice(0, maxCell - 1)}…` : flat;
  };
  const cells = [
    [...REPORT_COLUMNS],
    ...rows.map((row) => REPORT_COLUMNS.map((column) => clean(row[column]))),
  ];
  const widths = REPORT_COLUMNS.map((_, index) =>
    Math.max(...cells.map((line) => (line[index] ?? "").length)),
  );
  const render = (line: string[]) =>
    line
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  const [header = [], ...body] = cells;
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return `${[render(header), rule, ...body.map(render)].join("\n")}\n${rows.length} submission${rows.length === 1 ? "" : "s"}\n`;
}

/** Reads `--format csv|table` (default table); throws a readable message otherwise. */
export function parseArgs(argv: readonly string[]): { format: ReportFormat } {
  let format: string = "table";
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--format") {
      index += 1;
      format = argv[index] ?? "";
    } else if (arg.startsWith("--format=")) format = arg.slice("--format=".length);
    else if (arg === "--help" || arg === "-h") throw new UsageError();
    else throw new UsageError(`unknown argument "${arg}"`);
  }
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(", ")}`);
  }
  return { format: format as ReportFormat };
}

export class UsageError extends Error {
  override name = "UsageError";
  constructor(problem?: string) {
    super(
      `${problem ? `${problem}\n` : ""}usage: npm run submissions -- [--format table|csv]\n` +
        "Lists stored submissions and the delivery state of their emails (DATA_DIR or DATABASE_URL).",
    );
  }
}
