import type { TestProject } from "vitest/node";
import { freePort, postgresCtl, startPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server where the user may create databases (`inject("testDatabaseUrl")`). */
    testDatabaseUrl: string;
  }
}

/**
 * Vitest global setup of the `postgres` project (server/store/postgres.test.ts): the server
 * named by TEST_DATABASE_URL when set (`.ci/run` starts one), else a throwaway cluster of our
 * own on a free port, stopped and removed after the run. When PostgreSQL is missing or will
 * not start, the run fails with what to install: a test that needs a service never skips.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("testDatabaseUrl", given);
    return;
  }
  const port = Number(process.env.PG_TEST_PORT) || (await freePort());
  const cluster = await startPostgres(port, "the PostgreSQL store tests");
  project.provide("testDatabaseUrl", cluster.url);
  return async () => {
    await postgresCtl("stop", cluster.dir);
  };
}
