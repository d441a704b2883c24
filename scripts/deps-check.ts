/**
 * `npm run deps:check`: would the newest release of every dependency work? In a temporary
 * copy of the working tree (node_modules, builds and test output left behind) it installs
 * `@latest` of every dependency and devDependency, then builds the test site
 * (`build:test`, `build:pseudo`), runs the unit tests and a short Chromium smoke run: every
 * kind of page once (the English page of each entry of app/lib/pages.ts, and `/de`) through
 * tests/e2e/routes.spec.ts. It prints which versions changed and, for whatever
 * broke, the patch (with the record to read) or the tests.
 *
 * It needs the npm registry, so `npm test` does not run it; run it before upgrading (the
 * monthly upgrade) and whenever `npm outdated` lists something. The copy is removed when
 * everything passed and kept for a look when something broke (`--keep` keeps it anyway).
 * E2E_PORT and the next port are the smoke run's, as for `npm run e2e`.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCALES, localizePath } from "../app/lib/locale.ts";
import { concretePaths, pagesWithContent } from "../app/lib/pages.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

/**
 * How long one step may take before its whole process group is stopped: a test that leaves
 * a server behind must not hold the check for ever (a unit run once waited on one for 40
 * minutes after its last test).
 */
const STEP_LIMIT_MS = 45 * 60 * 1000;

/**
 * Runs `command` in `cwd`, in a process group of its own, so that what it leaves behind is
 * stopped with it. npm puts the repository's tools first on the PATH for this script, so npm
 * runs on the project's Node; `npm run` in the copy then puts the copy's first.
 */
export function run(
  cwd: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<Step> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, CI: "true", ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString("utf8");
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const stopGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
      } catch {
        // the group has gone already
      }
    };
    const limit = setTimeout(() => {
      output += `\ndeps:check: stopped after ${STEP_LIMIT_MS / 60_000} minutes\n`;
      stopGroup();
    }, STEP_LIMIT_MS);
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(limit);
      stopGroup();
      resolve({
        name: [command, ...args].join(" "),
        ok: code === 0,
        seconds: Math.round((performance.now() - started) / 1000),
        output,
      });
    };
    child.on("close", finish);
    // A process the step left running holds the pipes open: once the step itself has exited,
    // its last output gets a few seconds to arrive, then the group is stopped.
    child.on("exit", (code) => setTimeout(() => finish(code), 5000));
  });
}

/**
 * The working tree as it is now, in `to`, as a repository of its own whose one commit holds
 * it, dated as the checkout's HEAD. Tests list the project's files with `git ls-files`
 * (scripts/readme.test.ts), and the build and its test read the date of HEAD's commit
 * (scripts/vite/source-date.ts): without a commit in the copy, the unit run failed there.
 */
export async function copyCheckout(to: string): Promise<void> {
  await copyWorkingTree(to);
  const date = (await run(ROOT, "git", ["log", "-1", "--format=%cI"])).output.trim();
  const git = async (args: string[]) => {
    const step = await run(to, "git", args, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    if (!step.ok) throw new Error(`git ${args[0]} in the copy failed:\n${step.output}`);
  };
  await git(["init", "--quiet"]);
  // What was copied is what git lists, so even a tracked file that an ignore rule matches.
  await git(["add", "--all", "--force"]);
  await git([
    "-c",
    "user.name=deps:check",
    "-c",
    "user.email=deps-check@localhost",
    "commit",
    "--quiet",
    "--no-verify",
    "--no-gpg-sign",
    "--message=deps:check: the working tree",
  ]);
}

/** Every file of the working tree that git tracks or would track, as it is now. */
async function copyWorkingTree(to: string): Promise<void> {
  const listed = await run(ROOT, "git", [
    "ls-files",
    "--cached",
    "--others",
    "--exclude-standard",
    "-z",
  ]);
  if (!listed.ok) throw new Error(`git ls-files failed:\n${listed.output}`);
  for (const file of listed.output.split("\0").filter(Boolean)) {
    // A tracked file deleted in the working tree is not copied.
    await cp(path.join(ROOT, file), path.join(to, file), { recursive: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      },
    );
  }
}

type Manifest = Record<"dependencies" | "devDependencies", Record<string, string>>;

async function manifest(dir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as Manifest;
}

/** What `npm install …@latest` changed in package.json, as `name from → to`. */
export function versionChanges(before: Manifest, after: Manifest): string[] {
  const changes: string[] = [];
  for (const field of ["dependencies", "devDependencies"] as const) {
    for (const [name, version] of Object.entries(after[field] ?? {})) {
      const old = before[field]?.[name];
      if (old !== version) changes.push(`${name} ${old ?? "(new)"} → ${version}`);
    }
  }
  return changes;
}

/** The patches that failed the build: "file (dependency version): problem … record". */
export function brokenPatches(output: string): string[] {
  const found = output.matchAll(
    /Patch (\S+) does not fit (\S+) (\S+): (.*?)\. The patch was written.*?Read (docs\/decisions\/\S+)/g,
  );
  return [...new Set([...found].map((m) => `${m[1]} (${m[2]} ${m[3]}): ${m[4]}; read ${m[5]}`))];
}

/** Failed Vitest tests, `file > test`, from its output. */
export function failedUnitTests(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of Vitest's output
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const found = plain.matchAll(/^ FAIL +(?:\S+ +)?(\S+\.test\.tsx?)(?: > (.*)| \[.*\])?$/gm);
  return [
    ...new Set([...found].map((match) => (match[2] ? `${match[1]} > ${match[2]}` : `${match[1]}`))),
  ];
}

/** Failed Playwright tests, from its list reporter's output. */
export function failedBrowserTests(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours of Playwright's output
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const found = plain.matchAll(/^\s+\d+\) \[chromium\] › (.*?)[\s─]*$/gm);
  return [...new Set([...found].map((match) => match[1] ?? ""))];
}

/**
 * One English page of every kind that has content (the step-by-step path only redirects, and
 * the smoke run's test opens none there), and one page of another language.
 */
export function smokePaths(): string[] {
  const english = pagesWithContent().map((page) => concretePaths(page)[0] as string);
  return [...english, localizePath("/", LOCALES.find((locale) => locale !== "en") ?? "de")];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function tail(output: string, lines = 25): string {
  return output.trimEnd().split("\n").slice(-lines).join("\n");
}

async function main(): Promise<void> {
  const keep = process.argv.includes("--keep");
  const copy = await mkdtemp(path.join(tmpdir(), "deps-check-"));
  const head = (await run(ROOT, "git", ["rev-parse", "--short", "HEAD"])).output.trim();
  console.log(`deps:check: a copy of the working tree (commit ${head}) in ${copy}`);
  await copyCheckout(copy);
  const before = await manifest(copy);
  const problems: string[] = [];
  const report = (step: Step) =>
    console.log(`${step.ok ? "ok    " : "FAILED"} ${step.name} (${step.seconds} s)`);

  const install = async (field: keyof Manifest, flag: string[]) => {
    const names = Object.keys(before[field] ?? {});
    const step = await run(copy, "npm", [
      "install",
      ...flag,
      "--save-exact",
      "--no-audit",
      "--no-fund",
      ...names.map((name) => `${name}@latest`),
    ]);
    report({ ...step, name: `npm install the newest ${field}` });
    if (!step.ok) problems.push(`npm could not install the newest ${field}:\n${tail(step.output)}`);
    return step.ok;
  };
  const installed =
    (await install("dependencies", ["--save-prod"])) &&
    (await install("devDependencies", ["--save-dev"]));
  const changes = versionChanges(before, await manifest(copy));
  console.log(
    changes.length === 0
      ? "every dependency is on its newest release already"
      : `newest releases: ${changes.join(", ")}`,
  );

  if (installed) {
    const build = await run(copy, "npm", ["run", "build:test"]);
    report(build);
    if (!build.ok) {
      const patches = brokenPatches(build.output);
      problems.push(
        patches.length > 0
          ? `the build: ${patches.map((patch) => `patch ${patch}`).join("\n  ")}`
          : `the build (no patch named; its last lines):\n${tail(build.output)}`,
      );
    }
    const unit = await run(copy, "npm", ["run", "unit"]);
    report(unit);
    if (!unit.ok) {
      const failed = failedUnitTests(unit.output);
      problems.push(
        failed.length > 0
          ? `unit tests:\n  ${failed.join("\n  ")}`
          : `unit tests (its last lines):\n${tail(unit.output)}`,
      );
    }
    if (build.ok) {
      const pseudo = await run(copy, "npm", ["run", "build:pseudo"]);
      report(pseudo);
      if (!pseudo.ok) problems.push(`the pseudo-locale build:\n${tail(pseudo.output)}`);
      const pages = smokePaths().map(escapeRegExp).join("|");
      if (pseudo.ok) {
        const smoke = await run(copy, "npx", [
          "playwright",
          "test",
          "tests/e2e/routes.spec.ts",
          "--grep",
          `every page in the browser (${pages}) hydrates`,
          "--workers=2",
        ]);
        report(smoke);
        if (!smoke.ok) {
          const failed = failedBrowserTests(smoke.output);
          problems.push(
            failed.length > 0
              ? `browser tests:\n  ${failed.join("\n  ")}`
              : `browser tests (their last lines):\n${tail(smoke.output)}`,
          );
        }
      }
    }
  }

  if (problems.length === 0) {
    console.log("deps:check: the newest releases build and pass the unit tests and the smoke run");
    if (!keep) await rm(copy, { recursive: true, force: true });
    return;
  }
  console.log(`deps:check: broke with the newest releases:\n- ${problems.join("\n- ")}`);
  console.log(`The copy is kept in ${copy}: remove it when done.`);
  process.exitCode = 1;
}

if (import.meta.main) await main();
