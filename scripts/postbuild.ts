/**
 * `node scripts/postbuild.ts [buildDir]`, run after `react-router build`: writes
 * `build/csp-hashes.json`, `sitemap.xml`, `robots.txt` and the `.br`/`.gz` copies.
 * Exits 1 (failing the build) when a page's inline scripts cannot be hashed, when the pages
 * do not share one stylesheet with global.css in its place (decision 13), when a script
 * pages start with lacks V8's compile hint (decision 14), or when the output holds a tag id
 * the build was not configured with (`site-config.json`).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "node:util";
import { readBuildConfig } from "../app/lib/build-config.ts";
import { SITE } from "../app/lib/site-config.ts";
import { skippedPatches } from "./patches.ts";
import { runPostbuild } from "./postbuild-lib.ts";
import { configuredIds, findUnconfiguredIds } from "./unconfigured-ids.ts";
import { BUILD_CONFIG_FILE, type BuildConfigManifest } from "./vite/build-config-plugin.ts";

const buildDir = path.resolve(process.argv[2] ?? (process.env.BUILD_DIR?.trim() || "build"));
const startedAt = performance.now();
try {
  const summary = await runPostbuild(buildDir, SITE.origin, path.resolve("app"), skippedPatches());
  // No identifier the build was not configured with (e.g. the test build's fake ids).
  const manifest: BuildConfigManifest = JSON.parse(
    await readFile(path.join(buildDir, BUILD_CONFIG_FILE), "utf8"),
  );
  const testIds = configuredIds(
    readBuildConfig(
      parseEnv(await readFile(path.resolve(import.meta.dirname, "../.env.test"), "utf8")),
    ).config,
  );
  const stray = await findUnconfiguredIds(path.join(buildDir, "client"), manifest.config, [
    ...testIds,
  ]);
  if (stray.length > 0) {
    throw new Error(`identifiers the build was not configured with: ${stray.join(", ")}`);
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `postbuild: ${summary.htmlFiles} HTML files, ${summary.scriptHashes} script hashes, ` +
      `${summary.sitemapUrls} sitemap URLs, ${summary.brotliFiles} .br and ` +
      `${summary.gzipFiles} .gz files, analytics chunk ${summary.analyticsChunkGzipBytes} B gzip, ` +
      `speed report chunk ${summary.vitalsChunkGzipBytes} B gzip, ` +
      `most first-load JS ${summary.largestFirstLoad.gzipBytes} B gzip in ` +
      `${summary.largestFirstLoad.scripts} scripts (${summary.largestFirstLoad.page}), ` +
      `inline scripts minified from ${summary.inlineScriptChars.before} to ` +
      `${summary.inlineScriptChars.after} characters in ${seconds} s`,
  );
  if (summary.skippedPatches.length > 0) {
    console.log(
      `postbuild: a build to measure, not to ship: without ${summary.skippedPatches.join(", ")} ` +
        "(BUILD_SKIP_PATCHES); the budgets and compile-hint checks only reported",
    );
  }
} catch (error) {
  console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
