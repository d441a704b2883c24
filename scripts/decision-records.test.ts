import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { repoFiles } from "./repo-files.ts";

/**
 * Decision records are cited by number all over the code ("decision record 9"). Each file's
 * heading carries its own number, the numbers run without a gap, and every citation names a
 * record that exists: two records once shared the heading "4.".
 */
const root = path.resolve(import.meta.dirname, "..");
const directory = path.join(root, "docs/decisions");
const records = readdirSync(directory)
  .filter((name) => name.endsWith(".md"))
  .sort();

const files = (entry: string) => repoFiles(root, entry);

test("each record's heading carries the number of its file, and none is missing", () => {
  expect(records.length).toBeGreaterThan(10);
  const problems = records.flatMap((name, index) => {
    const number = Number(/^(\d{4})-[a-z0-9-]+\.md$/.exec(name)?.[1]);
    const heading = readFileSync(path.join(directory, name), "utf8").split("\n")[0] ?? "";
    return [
      ...(number === index + 1 ? [] : [`${name}: expected number ${index + 1}`]),
      ...(heading.startsWith(`# ${number}. `) ? [] : [`${name}: heading "${heading}"`]),
    ];
  });
  expect(problems).toEqual([]);
});

test("every citation of a decision record names one that exists", () => {
  const citation = /decision records? ((?:0*\d+(?:, | and | to )?)+)/gi;
  const cited = new Set<number>();
  for (const file of ["app", "server", "scripts", "tests", "bench", "docs", "README.md"].flatMap(
    files,
  )) {
    if (!/\.(ts|tsx|md|css)$/.test(file)) continue;
    for (const match of readFileSync(file, "utf8").matchAll(citation)) {
      for (const number of (match[1] ?? "").match(/\d+/g) ?? []) cited.add(Number(number));
    }
  }
  expect(cited.size).toBeGreaterThan(8);
  expect([...cited].filter((number) => number < 1 || number > records.length)).toEqual([]);
});
