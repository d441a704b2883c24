/**
 * `npm run vitals -- URL [URL…]`: each page's 75th percentile and share of good and poor
 * speed reports per Web Vital, read from the API instances' `/metrics` (the private metrics
 * listener, METRICS_PORT) and summed over them, as a table, for an operator without
 * Grafana. The counts are each instance's since it started. `--locale=de` and
 * `--device=phone` narrow the table.
 */
import { parseArgs, parseMetrics, UsageError, vitalsRows, vitalsTable } from "./vitals-lib.ts";

try {
  const { urls, filter } = parseArgs(process.argv.slice(2));
  const texts = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url).catch((error: unknown) => {
        throw new UsageError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (!response.ok) throw new UsageError(`${url}: HTTP ${response.status}`);
      return response.text();
    }),
  );
  process.stdout.write(vitalsTable(vitalsRows(texts.flatMap(parseMetrics), filter)));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}
