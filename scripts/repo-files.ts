import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every file under `entry` (a folder or a file, relative to `root`), as absolute paths;
 * installed packages and generated output (`out/`) left out. For the tests that read the
 * project's own code and docs.
 */
export function repoFiles(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) =>
    name === "node_modules" || name === "out" ? [] : repoFiles(root, path.join(entry, name)),
  );
}
