import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** PostgreSQL is missing or would not start: the tests that need it fail with this, never skip. */
class PostgresUnavailable extends Error {
  override name = "PostgresUnavailable";
}

/** What to do about it, in every message. */
const REMEDY =
  "install Debian's postgresql package (apt-get install postgresql; .ci/run installs it), " +
  "or set TEST_DATABASE_URL to a server where the user may create databases";

/** Where Debian's postgresql package puts each major version's programs (`<version>/bin`). */
const DEBIAN_POSTGRES_ROOT = "/usr/lib/postgresql";

function hasPostgresBinaries(root: string): boolean {
  return (
    existsSync(root) &&
    readdirSync(root).some((version) => existsSync(path.join(root, version, "bin", "initdb")))
  );
}

/**
 * A throwaway PostgreSQL cluster on loopback (`.ci/postgres.sh`: initdb into a temporary
 * directory, as the postgres user when run as root, which PostgreSQL refuses), or an error
 * naming `needer` and what to install. Stop it with `postgresCtl("stop", dir)`.
 */
export async function startPostgres(
  port: number,
  needer: string,
  binariesRoot = DEBIAN_POSTGRES_ROOT,
): Promise<{ dir: string; url: string }> {
  if (!hasPostgresBinaries(binariesRoot)) {
    throw new PostgresUnavailable(`PostgreSQL is not installed (needed by ${needer}): ${REMEDY}`);
  }
  let stdout = "";
  try {
    ({ stdout } = await run("bash", [".ci/postgres.sh"], {
      cwd: ROOT,
      env: { ...process.env, PG_TEST_PORT: String(port) },
    }));
  } catch (error) {
    const stderr = ((error as { stderr?: string }).stderr ?? "").trim();
    throw new PostgresUnavailable(
      `PostgreSQL could not be started on port ${port} for ${needer}: ${stderr} (${REMEDY})`,
    );
  }
  const dir = /^PG_TEST_DIR=(.*)$/m.exec(stdout)?.[1];
  const url = /^TEST_DATABASE_URL=(.*)$/m.exec(stdout)?.[1];
  if (!dir || !url) throw new PostgresUnavailable(`.ci/postgres.sh printed no URL: ${stdout}`);
  return { dir, url };
}

/** Pauses, resumes or stops (and removes) a cluster `startPostgres` started. */
export async function postgresCtl(action: "pause" | "resume" | "stop", dir: string) {
  await run("bash", [".ci/postgres.sh", action, dir], { cwd: ROOT });
}

/** A loopback TCP port nothing listens on now (for a cluster of our own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
