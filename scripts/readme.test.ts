import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BUILD_VARIABLES } from "../app/lib/build-config.ts";

/**
 * The README is a newcomer's first page: what the site is, the two commands, the folders in
 * a few lines, and where to read next. The reference (every script, every variable, every
 * dependency, the browsers) lives in docs/, one topic per file. These checks catch the ways
 * the docs drifted before: the README grew to 346 lines of tables, its folder tree lost new
 * folders, it described the project as it once was, and a variable could be read by the code
 * and documented nowhere, or twice.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");
const lines = readme.split("\n");

/** About two screens. */
const MAX_LINES = 120;

/** Tracked files, and new ones not yet committed (but not ignored ones such as builds). */
const projectFiles = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard"],
  { cwd: root, encoding: "utf8" },
)
  .split("\n")
  .filter((file) => file && existsSync(path.join(root, file)));

/** README.md and every Markdown file under docs/, decision records included. */
const documents = ["README.md", ...projectFiles.filter((file) => /^docs\/.*\.md$/.test(file))];
/** The reference documents (not the decision records, which keep their own history). */
const referenceDocuments = documents.filter((file) => !file.startsWith("docs/decisions/"));

/** Markdown without its fenced blocks and inline code, where a link is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The first cell of every table row, across the reference documents. */
function firstCells(files: readonly string[]): Array<{ file: string; cell: string }> {
  return files.flatMap((file) =>
    [...read(file).matchAll(/^\| ([^|\n]+?) \|/gm)].map((match) => ({
      file,
      cell: match[1] ?? "",
    })),
  );
}

/** How often each name occurs in `names`. */
function counts(names: readonly string[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const name of names) result.set(name, (result.get(name) ?? 0) + 1);
  return result;
}

/** GitHub's anchor of a Markdown heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function fencedBlockAfter(markdown: string, heading: string): string[] {
  const all = markdown.split("\n");
  const start = all.indexOf(heading);
  const open = all.indexOf("```", start);
  const close = all.indexOf("```", open + 1);
  expect(start, `${heading} and its fenced block`).toBeGreaterThanOrEqual(0);
  return all.slice(open + 1, close);
}

describe("the README", () => {
  test("stays short, starts with the two commands, and says what CI runs", () => {
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
    const headings = lines.filter((line) => line.startsWith("## "));
    expect(headings[0]).toBe("## Start here");
    const start = readme.slice(readme.indexOf("## Start here"), readme.indexOf(headings[1] ?? ""));
    expect(start).toContain("npm install && npm start");
    expect(start).toMatch(/^npm test\b/m);
    expect(start).toContain("`.ci/run`");
  });

  test("holds no reference table: scripts, variables and dependencies are in docs/", () => {
    expect(readme).not.toMatch(/^\| `(npm |[A-Z][A-Z0-9_]+`|@?[a-z][\w./-]*`)/m);
  });

  test("links every reference document, and the decision records", () => {
    const linked = [...readme.matchAll(/\]\((docs\/[^)#\s]*)\)/g)].map((match) => match[1]);
    expect(
      [...referenceDocuments.filter((file) => file !== "README.md"), "docs/decisions/"].filter(
        (file) => !linked.includes(file),
      ),
    ).toEqual([]);
  });

  test("its folder layout names every top-level folder", () => {
    const named = fencedBlockAfter(readme, "## Folder layout").map(
      (line) => /^([\w.-]+)\//.exec(line)?.[1],
    );
    const folders = new Set(
      projectFiles.filter((file) => file.includes("/")).map((file) => file.split("/")[0]),
    );
    expect(folders.size).toBeGreaterThan(6);
    expect([...folders].filter((folder) => !named.includes(folder))).toEqual([]);
  });
});

test("docs/architecture.md's folder tree names every folder of the project, two levels deep", () => {
  const entries = new Set<string>();
  let parent = "";
  for (const line of fencedBlockAfter(read("docs/architecture.md"), "## Folder layout")) {
    const match = /^( *)([\w.-]+)\//.exec(line);
    if (!match?.[2]) continue;
    const indent = match[1]?.length ?? 0;
    if (indent === 0) parent = match[2];
    entries.add(indent === 0 ? match[2] : `${parent}/${match[2]}`);
  }
  const directories = new Set<string>();
  for (const file of projectFiles) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length && depth <= 2; depth++)
      directories.add(parts.slice(0, depth).join("/"));
  }
  const expected = [...directories].filter(
    (directory) =>
      !directory.startsWith(".") &&
      // Assets and generated snapshots are named by their parent's line.
      !/^(public|docs|bench|deploy)\/|^app\/(assets|locales)\/|snapshots$/.test(directory),
  );
  expect(expected.length).toBeGreaterThan(20);
  expect(expected.filter((directory) => !entries.has(directory))).toEqual([]);
});

test("every relative link and image in the README and docs/ resolves, anchors included", () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of documents) {
    const text = prose(read(file));
    const targets = [
      ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? ""),
      ...[...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1] ?? ""),
    ].filter((target) => !/^[a-z]+:/.test(target));
    for (const target of targets) {
      checked++;
      const [relative = "", anchor] = target.split("#");
      const resolved = relative
        ? path.join(path.dirname(path.join(root, file)), relative)
        : path.join(root, file);
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target}`);
      } else if (anchor && resolved.endsWith(".md")) {
        const headings = [...readFileSync(resolved, "utf8").matchAll(/^#+ (.+)$/gm)].map((match) =>
          slug(match[1] ?? ""),
        );
        if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
  }
  expect(checked).toBeGreaterThan(40);
  expect(broken).toEqual([]);
});

describe("docs/scripts.md", () => {
  const scripts = Object.keys(
    (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts,
  );
  const rows = firstCells(referenceDocuments).flatMap(({ file, cell }) => {
    const match = /^`npm (?:run )?([\w:-]+)/.exec(cell);
    return match?.[1] ? [{ file, script: match[1] }] : [];
  });

  test("lists every script of package.json exactly once, and no other", () => {
    expect(scripts.length).toBeGreaterThan(10);
    const documented = counts(rows.map((row) => row.script));
    expect(scripts.filter((script) => documented.get(script) !== 1)).toEqual([]);
    expect([...documented.keys()].filter((script) => !scripts.includes(script))).toEqual([]);
    expect(rows.filter((row) => row.file !== "docs/scripts.md")).toEqual([]);
  });
});

/**
 * The environment variables the code reads: `env.NAME` and `env["NAME"]` (process.env or an
 * env record passed in), a helper given `env, "NAME"`, `env[CONSTANT]` where the file
 * defines the constant as "NAME", and the build variables of app/lib/build-config.ts.
 * `import.meta.env` is left out: Vite replaces it at build time (`DEV`, `SSR`, and the
 * build year of vite.config.ts's `define`).
 */
function variablesRead(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (name: string, file: string) => found.set(name, [...(found.get(name) ?? []), file]);
  for (const file of projectFiles.filter((each) => /\.(ts|tsx|js|mjs|cjs)$/.test(each))) {
    // The decision records' patches, and this file, whose patterns name no variable.
    if (file.startsWith("docs/") || file === "scripts/readme.test.ts") continue;
    const code = read(file);
    const patterns = [
      /(?<!meta\.)\benv\??\.([A-Z][A-Z0-9_]+)\b/g,
      /\benv\??\.?\[\s*"([A-Z][A-Z0-9_]+)"\s*\]/g,
      /\benv,\s*"([A-Z][A-Z0-9_]+)"/g,
    ];
    for (const pattern of patterns) {
      for (const match of code.matchAll(pattern)) add(match[1] ?? "", file);
    }
    for (const match of code.matchAll(/\benv\??\.?\[\s*([A-Z][A-Z0-9_]*)\s*\]/g)) {
      const constant = new RegExp(`\\b${match[1]}\\s*=\\s*"([A-Z][A-Z0-9_]+)"`).exec(code);
      if (constant?.[1]) add(constant[1], file);
    }
  }
  for (const { name } of BUILD_VARIABLES) add(name, "app/lib/build-config.ts");
  return found;
}

describe("docs/configuration.md", () => {
  const rows = firstCells(referenceDocuments).flatMap(({ file, cell }) => {
    const match = /^`([A-Z][A-Z0-9_]+)`$/.exec(cell);
    return match?.[1] ? [{ file, variable: match[1] }] : [];
  });
  const read = variablesRead();

  test("the scan finds what the server, the build and the tests read", () => {
    for (const name of ["PORT", "MAIL_FROM", "RATE_LIMIT_PER_DAY", "REQUIRE_SITE_CONFIG"]) {
      expect(read.has(name), name).toBe(true);
    }
    expect(read.has("TAG_MANAGER_ID")).toBe(true);
    expect(read.has("E2E_PORT")).toBe(true);
  });

  test("documents every variable the code reads exactly once, and no other", () => {
    const documented = counts(rows.map((row) => row.variable));
    const undocumented = [...read].filter(([name]) => documented.get(name) !== 1);
    expect(
      undocumented.map(([name, files]) => `${name} (${documented.get(name) ?? 0}×; ${files[0]})`),
    ).toEqual([]);
    expect([...documented.keys()].filter((name) => !read.has(name))).toEqual([]);
    expect(rows.filter((row) => row.file !== "docs/configuration.md")).toEqual([]);
  });
});

describe("docs/dependencies.md", () => {
  const packageJson = JSON.parse(read("package.json")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  /** The packages named in the first cells of the section's table. */
  function documented(section: string): string[] {
    const [, text = ""] = read("docs/dependencies.md").split(`\n## ${section}`);
    const table = text.split(/^## /m)[0] ?? "";
    return [...table.matchAll(/^\| ([^|\n]+?) \|/gm)].flatMap((match) =>
      [...(match[1] ?? "").matchAll(/`([^`]+)`/g)].map((name) => name[1] ?? ""),
    );
  }

  test.each([
    ["Runtime", "dependencies"],
    ["Development", "devDependencies"],
  ] as const)("%s: every package of %s exactly once, and no other", (section, field) => {
    const packages = Object.keys(packageJson[field]);
    const named = counts(documented(section));
    expect(packages.filter((name) => named.get(name) !== 1)).toEqual([]);
    expect([...named.keys()].filter((name) => !packages.includes(name))).toEqual([]);
  });
});

test("what the docs say of the code is what the code does", () => {
  const packageJson = JSON.parse(read("package.json")) as { engines: { node: string } };
  const engines = /^>=(\d+)$/.exec(packageJson.engines.node)?.[1];
  const stated = [...readme.matchAll(/Node (?:≥|>=) ?(\d+)/g)].map((match) => match[1]);
  expect(stated.length).toBeGreaterThan(0);
  expect(stated.filter((version) => version !== engines)).toEqual([]);
  const overview = readme + read("docs/architecture.md");
  // The routes are the explicit app/routes.ts, not file-system routes.
  expect(existsSync(path.join(root, "app/routes.ts"))).toBe(true);
  expect(overview).not.toMatch(/file[- ](based )?routes|flat routes/i);
  // Fastify's schema validation is not used: the shared zod schemas validate the forms.
  expect(overview).not.toMatch(/schema validation/i);
});
