/**
 * `npm run submissions -- --format csv|table`: lists every stored submission with the
 * delivery state of its emails, from the same database the server uses (DATA_DIR, or
 * DATABASE_URL for PostgreSQL). Opens SQLite read-only, so it is safe while the server runs.
 */
import { loadApiConfig } from "../server/api-config.ts";
import { StartupError } from "../server/startup-error.ts";
import { openStore } from "../server/store/database.ts";
import { listSubmissions } from "../server/store/submissions.ts";
import { parseArgs, reportRows, toCsv, toTable, UsageError } from "./submissions-lib.ts";

try {
  const { format } = parseArgs(process.argv.slice(2));
  const config = loadApiConfig();
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    readOnly: true,
  });
  try {
    const rows = reportRows(await listSubmissions(store));
    process.stdout.write(format === "csv" ? toCsv(rows) : toTable(rows));
  } finally {
    await store.close();
  }
} catch (error) {
  if (!(error instanceof UsageError || error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(error instanceof UsageError ? 2 : 1);
}
