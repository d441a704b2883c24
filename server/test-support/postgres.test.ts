import { expect, test } from "vitest";
import { startPostgres } from "./postgres.ts";

test("without PostgreSQL the tests that need it fail, naming the package to install", async () => {
  await expect(
    startPostgres(1, "the PostgreSQL store tests", "/nonexistent/postgresql"),
  ).rejects.toThrow(
    /^PostgreSQL is not installed \(needed by the PostgreSQL store tests\): install Debian's postgresql package \(apt-get install postgresql/,
  );
});
