import { execFileSync } from "node:child_process";

/**
 * The calendar date (UTC, `YYYY-MM-DD`) of the code a build is made from: the accessibility
 * statement's "last reviewed" date, so that it moves with the code its claims are tested
 * against and never with a hand-edited line. In order:
 *
 * 1. `SOURCE_DATE_EPOCH` (seconds since 1970), the reproducible-builds convention a release
 *    pipeline sets to its commit's time; a malformed value fails the build;
 * 2. the committer date of the checkout's `HEAD`;
 * 3. the day of the build, where there is neither (a source archive without `.git`, such as
 *    the Docker build context).
 */
export function sourceDate(
  env: Readonly<Record<string, string | undefined>>,
  commitDate: () => string | undefined = headCommitDate,
  now: () => Date = () => new Date(),
): string {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (epoch) {
    if (!/^\d{1,12}$/.test(epoch)) {
      throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${epoch}"`);
    }
    return calendarDate(new Date(Number(epoch) * 1000));
  }
  const committed = commitDate();
  if (committed !== undefined) {
    const date = new Date(committed);
    if (!Number.isNaN(date.getTime())) return calendarDate(date);
  }
  return calendarDate(now());
}

function calendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `HEAD`'s committer date (ISO 8601), or undefined outside a git checkout. */
function headCommitDate(): string | undefined {
  try {
    return execFileSync("git", ["log", "-1", "--format=%cI", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}
