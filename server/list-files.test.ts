import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { listFiles } from "./list-files.ts";

const dir = await mkdtemp(path.join(tmpdir(), "list-files-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

test("lists the regular files below the root, sorted, and follows no symbolic link", async () => {
  const root = path.join(dir, "root");
  const outside = path.join(dir, "outside");
  await mkdir(path.join(root, "assets/deep"), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, "index.html"), "");
  await writeFile(path.join(root, "assets/deep/a.js"), "");
  await writeFile(path.join(root, "assets/b.css"), "");
  await writeFile(path.join(outside, "secret.txt"), "");
  // A linked file and a linked folder: Node 26's recursive readdir walks into the latter.
  await symlink(path.join(outside, "secret.txt"), path.join(root, "leak.txt"));
  await symlink(outside, path.join(root, "linked"));
  expect(await listFiles(root)).toEqual(["assets/b.css", "assets/deep/a.js", "index.html"]);
});
