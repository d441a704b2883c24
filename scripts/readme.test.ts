import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The README is a newcomer's first page: short, with the two commands first, and true to the
 * code it describes. These checks catch the ways it drifted before: it grew back to nearly
 * twice its length, its folder tree lost new folders, and it described the project as it
 * once was (file routes, a Node version the runtime does not accept).
 */
const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const lines = readme.split("\n");

/** The long form of a topic belongs in docs/, linked from the README. */
const MAX_LINES = 350;

function trackedDirectories(): string[] {
  const listed = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" });
  const directories = new Set<string>();
  for (const file of listed.split("\n").filter(Boolean)) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length && depth <= 2; depth++)
      directories.add(parts.slice(0, depth).join("/"));
  }
  return [...directories];
}

/** The architecture tree: the fenced block under '## Architecture', as path → described. */
function treeEntries(): Set<string> {
  const start = lines.indexOf("## Architecture");
  const open = lines.indexOf("```", start);
  const close = lines.indexOf("```", open + 1);
  const entries = new Set<string>();
  let parent = "";
  for (const line of lines.slice(open + 1, close)) {
    const match = /^( *)([\w.-]+)\//.exec(line);
    if (!match?.[2]) continue;
    const indent = match[1]?.length ?? 0;
    if (indent === 0) parent = match[2];
    entries.add(indent === 0 ? match[2] : `${parent}/${match[2]}`);
  }
  return entries;
}

test("the README stays short: the long form of each topic is in docs/", () => {
  expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
  // A newcomer's path comes first: the two commands, then adding a page and a string.
  const order = ["## Start here", "### Add a page", "### Add a string", "## Scripts"].map(
    (heading) => lines.indexOf(heading),
  );
  expect(order.every((index) => index > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(readme).toContain("npm install && npm start");
});

test("every link to a file in the repository resolves", () => {
  const targets = [...readme.matchAll(/\]\(((?:docs|tests|app|server|bench)\/[^)#\s]*)/g)].map(
    (match) => match[1] ?? "",
  );
  expect(targets.length).toBeGreaterThan(5);
  expect(targets.filter((target) => !existsSync(path.join(root, target)))).toEqual([]);
});

test("'More documentation' lists every document in docs/", () => {
  const documents = execFileSync("git", ["ls-files", "docs/*.md"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !file.startsWith("docs/decisions/"));
  const section = readme.slice(readme.indexOf("## More documentation"));
  expect(documents.filter((file) => !section.includes(`(${file})`))).toEqual([]);
});

test("the folder tree names every folder of the project, two levels deep", () => {
  const entries = treeEntries();
  const expected = trackedDirectories().filter(
    (directory) =>
      !directory.startsWith(".") &&
      // Assets and generated snapshots are named by their parent's line.
      !/^(public|docs|bench|deploy)\/|^app\/(assets|locales)\/|snapshots$/.test(directory),
  );
  expect(expected.length).toBeGreaterThan(20);
  expect(expected.filter((directory) => !entries.has(directory))).toEqual([]);
});

test("what the README says of the code is what the code does", () => {
  const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    engines: { node: string };
  };
  const engines = /^>=(\d+)$/.exec(packageJson.engines.node)?.[1];
  const stated = [...readme.matchAll(/Node (?:≥|>=) ?(\d+)/g)].map((match) => match[1]);
  expect(stated.length).toBeGreaterThan(0);
  expect(stated.filter((version) => version !== engines)).toEqual([]);
  // The routes are the explicit app/routes.ts, not file-system routes.
  expect(existsSync(path.join(root, "app/routes.ts"))).toBe(true);
  expect(readme).not.toMatch(/file[- ](based )?routes|flat routes/i);
  // Fastify's schema validation is not used: the shared zod schemas validate the forms.
  expect(readme).not.toMatch(/schema validation/i);
});
