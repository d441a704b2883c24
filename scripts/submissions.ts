/**
 * `npm run submissions -- …`: the listing of stored submissions, a data subject's requests
 * (find, export, erase) and the purge, against the database the server uses (DATA_DIR, or
 * DATABASE_URL for PostgreSQL); `--help` prints the usage, docs/privacy-operations.md is
 * the runbook. Output goes to stdout; one JSON log line per request to stderr.
 */
import { createInterface } from "node:readline/promises";
import { StartupError } from "../server/startup-error.ts";
import { EraseIncompleteError } from "../server/store/subject-requests.ts";
import { runCommand } from "./submissions-commands.ts";
import { UsageError } from "./submissions-lib.ts";

try {
  const code = await runCommand(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => process.stdout.write(text),
    log: (message, fields) =>
      process.stderr.write(
        `${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: message, ...fields })}\n`,
      ),
    // The answer line, or "" when stdin ends first (a pipe, a script without --yes).
    ask: (question) =>
      new Promise((resolve) => {
        const prompt = createInterface({ input: process.stdin, output: process.stdout });
        prompt.once("close", () => resolve(""));
        prompt.question(question).then(
          (answer) => {
            resolve(answer);
            prompt.close();
          },
          () => resolve(""),
        );
      }),
    now: Date.now,
  });
  process.exitCode = code;
} catch (error) {
  if (
    !(
      error instanceof UsageError ||
      error instanceof StartupError ||
      error instanceof EraseIncompleteError
    )
  ) {
    throw error;
  }
  console.error(error.message);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
