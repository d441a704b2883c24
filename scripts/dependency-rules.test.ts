import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The directions imports follow, checked on the source itself: no cycles anywhere;
 * `app/lib` is plain TypeScript (no React, components, hooks, browser code or server);
 * hooks do not import components. Only relative imports and bare package names matter here.
 */
const root = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "server", "scripts"];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** Each source file (relative to the root) and what it imports: files, or package names. */
function importGraph(): Map<string, { files: string[]; packages: string[] }> {
  const graph = new Map<string, { files: string[]; packages: string[] }>();
  for (const file of SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const text = readFileSync(file, "utf8");
    const files: string[] = [];
    const packages: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      if (specifier.startsWith(".")) {
        files.push(path.relative(root, path.resolve(path.dirname(file), specifier)));
      } else {
        packages.push(specifier);
      }
    }
    graph.set(path.relative(root, file), { files, packages });
  }
  return graph;
}

const graph = importGraph();
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

test("the import graph is read (the rules below check something)", () => {
  expect(graph.size).toBeGreaterThan(200);
  expect(graph.get("server/config.ts")?.files).toContain("server/api-config.ts");
});

test("no import cycles", () => {
  const cycles: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "visiting") {
      cycles.push([...stack.slice(stack.indexOf(file)), file].join(" -> "));
      return;
    }
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file)?.files ?? []) if (graph.has(next)) visit(next);
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file);
  expect(cycles).toEqual([]);
});

test("app/lib imports nothing from React, components, hooks, browser code or the server", () => {
  const offending = [...graph]
    .filter(([file]) => file.startsWith("app/lib/") && !isTest(file))
    .flatMap(([file, { files, packages }]) => [
      ...files
        .filter((target) => /^(app\/(components|hooks|browser|routes)|server)\//.test(target))
        .map((target) => `${file} -> ${target}`),
      ...packages
        .filter(
          (name) => name === "react" || name.startsWith("react-dom") || name.startsWith("react/"),
        )
        .map((name) => `${file} -> ${name}`),
    ]);
  expect(offending).toEqual([]);
});

test("hooks do not import components", () => {
  const offending = [...graph]
    .filter(([file]) => file.startsWith("app/hooks/") && !isTest(file))
    .flatMap(([file, { files }]) =>
      files.filter((target) => target.startsWith("app/components/")).map((t) => `${file} -> ${t}`),
    );
  expect(offending).toEqual([]);
});
