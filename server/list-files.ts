import { readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Regular files under `root`, relative, with forward slashes, sorted. Symbolic links are
 * not followed or listed, so nothing outside `root` can appear.
 */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join("/"))
    .sort();
}
