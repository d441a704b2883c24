import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { repoFiles } from "./repo-files.ts";

/** Every requirement id the code, tests and docs cite must be defined in docs/requirements.md. */
const root = path.resolve(import.meta.dirname, "..");
const SCANNED = ["app", "server", "scripts", "tests", "bench", "docs", "README.md"];
const CITATION = /\b(SPEC (?:§|section )(\d+)|(SEC|REL|PERF|WEB|PRIV)-(\d+))/g;

const files = (entry: string) => repoFiles(root, entry);

function citedIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of SCANNED.flatMap(files)) {
    if (!/\.(ts|tsx|md|css|json)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(CITATION)) {
      ids.add(match[2] ? `SPEC §${match[2]}` : `${match[3]}-${match[4]}`);
    }
  }
  return ids;
}

const requirements = readFileSync(path.join(root, "docs/requirements.md"), "utf8");
const defined = new Set(
  [
    ...requirements.matchAll(
      /^(?:### (SPEC §\d+)|- \*\*((?:SEC|REL|PRIV)-\d+)|\| ((?:PERF|WEB)-\d+) \|)/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? ""),
);

test("docs/requirements.md defines the ids", () => {
  expect(defined).toContain("SPEC §7");
  expect(defined).toContain("SEC-1");
  expect(defined).toContain("REL-3");
  expect(defined).toContain("PERF-6");
  expect(defined).toContain("WEB-5");
  expect(defined).toContain("PRIV-4");
});

test("every SPEC §, SEC-, REL-, PERF-, WEB- and PRIV- citation resolves in docs/requirements.md", () => {
  const cited = citedIds();
  expect(cited.size).toBeGreaterThan(20);
  expect([...cited].filter((id) => !defined.has(id)).sort()).toEqual([]);
});

/**
 * The reference documents the project was first written against (its style guide and
 * toolchain notes) are not in the repository: a comment that cites them points nowhere.
 * What they said that matters here is written out where it applies.
 */
const OUTSIDE_DOCUMENT =
  /\b(STYLE|TOOLCHAIN)\b(?! ?=)|\b(STYLE|TOOLCHAIN|RELIABILITY|SPEC)\.md\b|\.\.\/shared\//;

test("no comment or doc cites a document outside the repository", () => {
  const found = [...SCANNED, "playwright.config.ts", "vitest.config.ts", "vite.config.ts"]
    .flatMap(files)
    .filter((file) => /\.(ts|tsx|md|css|json)$/.test(file))
    .filter((file) => file !== import.meta.filename)
    .filter((file) => OUTSIDE_DOCUMENT.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(root, file));
  expect(found).toEqual([]);
});

/**
 * Comments and docs are written for the project, not for the machine one developer ran it
 * on: no "development machine", core counts or worktree counts (settings such as test
 * workers follow the host's CPU count instead).
 */
const MACHINE_SPECIFIC =
  /development machine|\b(two|2|four|4)(-| shared | )cores?\b|\bon (two|2) shared\b|\bworktrees?\b|sessions at once|this (\d+-core )?(host|machine)\b/i;

test("no comment or doc is written for one development machine", () => {
  const found = [...SCANNED, "playwright.config.ts", "vitest.config.ts", ".ci"]
    .flatMap(files)
    .filter((file) => /\.(ts|tsx|md|sh)$|\/\.ci\/run$/.test(file) && !/\/bench\/.*\.md$/.test(file))
    .filter((file) => file !== import.meta.filename)
    .filter((file) => MACHINE_SPECIFIC.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(root, file));
  expect(found).toEqual([]);
});
