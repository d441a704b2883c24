import { configDefaults, defineConfig } from "vitest/config";
import { amplitudeSwitchedOff } from "./scripts/vite/amplitude-switched-off.ts";
import { buildConfigPlugin, buildEnv } from "./scripts/vite/build-config-plugin.ts";

const POSTGRES_TESTS = ["server/store/postgres.test.ts", "server/**/*.postgres.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        // The SDK as it ships: without the parts the site's options switch off.
        // The test build configuration (.env.test): every tag and video on, fake ids.
        plugins: [
          amplitudeSwitchedOff(),
          buildConfigPlugin(buildEnv({ SITE_CONFIG_FILE: ".env.test" })),
        ],
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./tests/unit/setup.ts"],
        },
      },
      {
        test: {
          name: "server",
          include: [
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
            // Not the cross-engine suite itself (node:test, `npm run test:engines`).
            "tests/engines/drivers.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...POSTGRES_TESTS],
          environment: "node",
        },
      },
      {
        // Runs only when its file is in the run: TEST_DATABASE_URL, or a throwaway cluster of
        // Debian's PostgreSQL started for the run and removed after it; a missing PostgreSQL
        // fails the run with what to install (a test that needs a service never skips).
        test: {
          name: "postgres",
          include: POSTGRES_TESTS,
          environment: "node",
          globalSetup: ["./server/test-support/postgres-global-setup.ts"],
        },
      },
    ],
  },
});
