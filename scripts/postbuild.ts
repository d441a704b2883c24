/**
 * `node scripts/postbuild.ts [buildDir]`, run after `react-router build`: writes
 * `build/csp-hashes.json`, `sitemap.xml`, `robots.txt` and the `.br`/`.gz` copies.
 * Exits 1 (failing the build) when a page's inline scripts cannot be hashed.
 */
import path from "node:path";
import { runPostbuild } from "./postbuild-lib.ts";

const buildDir = path.resolve(process.argv[2] ?? "build");
const startedAt = performance.now();
try {
  const summary = await runPostbuild(buildDir);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `postbuild: ${summary.htmlFiles} HTML files, ${summary.scriptHashes} script hashes, ` +
      `${summary.sitemapUrls} sitemap URLs, ${summary.brotliFiles} .br and ` +
      `${summary.gzipFiles} .gz files, analytics chunk ${summary.analyticsChunkGzipBytes} B gzip ` +
      `in ${seconds} s`,
  );
} catch (error) {
  console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
