import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Regular files under `root`, relative, with forward slashes, sorted. Symbolic links are
 * not followed or listed, so nothing outside `root` can appear.
 *
 * The walk is its own: `readdir`'s `recursive` option descends into symbolically linked
 * folders on Node 26 (it did not on Node 24), and would list what lies outside `root`.
 */
export async function listFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string) => {
    const entries: Dirent[] = await readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      // A Dirent reports a symbolic link as such, never as the file or folder it points to.
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  await walk("");
  return files.sort();
}
