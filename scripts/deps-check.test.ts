import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import {
  brokenPatches,
  copyCheckout,
  failedBrowserTests,
  failedUnitTests,
  run,
  smokePaths,
  versionChanges,
} from "./deps-check.ts";
import { PATCHES, PatchTargetChangedError } from "./patches.ts";

test("lists what the newest releases changed in package.json", () => {
  const before = {
    dependencies: { "react-router": "8.4.0", zod: "4.6.7" },
    devDependencies: { vite: "8.3.8" },
  };
  const after = {
    dependencies: { "react-router": "8.5.3", zod: "4.6.7" },
    devDependencies: { vite: "8.4.0" },
  };
  expect(versionChanges(before, after)).toEqual([
    "react-router 8.4.0 → 8.5.3",
    "vite 8.3.8 → 8.4.0",
  ]);
  expect(versionChanges(after, after)).toEqual([]);
});

test("names the patch that failed the build, its dependency's version and its record", () => {
  const error = new PatchTargetChangedError(
    PATCHES["router-parts-switched-off"],
    "fog-of-war.js exports getManifestPathsParam, which app/browser/router-lazy-discovery-off.ts lacks",
    "8.5.3",
  );
  const output = `vite v8.4.0 building…\n✗ Build failed\n[plugin router-parts-switched-off] ${error.message}\n    at buildStart`;
  expect(brokenPatches(output)).toEqual([
    "scripts/vite/router-parts-switched-off.ts (react-router 8.5.3): fog-of-war.js exports getManifestPathsParam, which app/browser/router-lazy-discovery-off.ts lacks; read docs/decisions/0012-first-load-in-few-chunks.md",
  ]);
  expect(brokenPatches("MISSING_EXPORT something")).toEqual([]);
});

test("reads the failed tests off Vitest's and Playwright's output", () => {
  const vitest = [
    " \x1b[31m❯\x1b[39m server/app.test.ts (3 tests | 1 failed)",
    " FAIL   server  server/app.test.ts > serves the pages",
    " FAIL   server  server/app.test.ts > serves the pages",
    " FAIL  scripts/x.test.ts [ scripts/x.test.ts ]",
  ].join("\n");
  expect(failedUnitTests(vitest)).toEqual([
    "server/app.test.ts > serves the pages",
    "scripts/x.test.ts",
  ]);
  const playwright = [
    "  ✘  1 [chromium] › tests/e2e/routes.spec.ts:58:5 › every page … (3.1s)",
    "  1) [chromium] › tests/e2e/routes.spec.ts:58:5 › every page in the browser › /pricing hydrates ───",
  ].join("\n");
  expect(failedBrowserTests(playwright)).toEqual([
    "tests/e2e/routes.spec.ts:58:5 › every page in the browser › /pricing hydrates",
  ]);
});

test("the smoke run opens one page of every kind and one in another language", () => {
  const paths = smokePaths();
  expect(paths).toContain("/");
  expect(paths).toContain("/pricing");
  expect(paths.filter((path) => path.startsWith("/faqs/"))).toHaveLength(1);
  expect(paths).toContain("/de");
  // Every path it names has a test in the smoke run: the redirect has none.
  expect(paths).not.toContain("/xero-integration/step-by-step");
  expect(new Set(paths).size).toBe(paths.length);
});

test("a step that leaves a process behind ends when it exits, and what it left is stopped", async () => {
  // The shell starts a sleeper that keeps the output pipe open, prints, and exits.
  const step = await run(process.cwd(), "sh", ["-c", "sleep 60 & echo $! ; echo done"]);
  expect(step.ok).toBe(true);
  expect(step.seconds).toBeLessThan(30);
  const [leftBehind] = step.output.trim().split("\n");
  expect(step.output).toContain("done");
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Gone, or a zombie that nothing has reaped yet: either way no longer running.
  const state = await readFile(`/proc/${leftBehind}/stat`, "utf8").then(
    (stat) => stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3),
    () => "gone",
  );
  expect(["gone", "Z", "X"]).toContain(state);
}, 20_000);

test("the copy is a repository whose one commit holds the working tree, dated as HEAD", async () => {
  const copy = await mkdtemp(path.join(tmpdir(), "deps-check-test-"));
  try {
    await copyCheckout(copy);
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
    // The build's date and its test read HEAD's commit date (scripts/vite/source-date.ts).
    expect(git(copy, "log", "-1", "--format=%cI")).toBe(
      git(process.cwd(), "log", "-1", "--format=%cI"),
    );
    expect(git(copy, "rev-list", "--count", "HEAD")).toBe("1");
    // Every file of the working tree is in it, committed: each tracked file of the checkout
    // (new untracked ones may come and go while other tests run).
    expect(git(copy, "status", "--porcelain")).toBe("");
    const committed = new Set(git(copy, "ls-files").split("\n"));
    const tracked = git(process.cwd(), "ls-files")
      .split("\n")
      .filter((file) => existsSync(file));
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((file) => !committed.has(file))).toEqual([]);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}, 60_000);
