import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { CSP_THIRD_PARTY } from "./server/csp.ts";

/**
 * The suite exercises every consent-gated tag and video, so it needs the test builds, made
 * with the fake ids of `.env.test`: a production build (`npm run build`, no ids) has none.
 */
for (const buildDir of ["build", "build-pseudo"]) {
  const file = `${buildDir}/site-config.json`;
  if (!existsSync(file)) continue; // the server under test says that the build is missing
  const { vendors } = JSON.parse(readFileSync(file, "utf8")) as { vendors: string[] };
  const off = Object.keys(CSP_THIRD_PARTY).filter((vendor) => !vendors.includes(vendor));
  if (off.length > 0) {
    throw new Error(
      `${buildDir}/ was built without ${off.join(", ")}: run \`npm run build:test\` and ` +
        "`npm run build:pseudo` (the test configuration, .env.test) before the e2e suite",
    );
  }
}

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4311);
/** The next port serves the pseudo-locale build; tests/e2e/layout.spec.ts reads it too. */
const PSEUDO_PORT = PORT + 1;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One worker (a Chromium each) per core: the pages are static, so the server under test
  // needs little CPU of its own. E2E_WORKERS overrides, e.g. on a machine shared with others.
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  // On CI (`.ci/run` sets CI), a test that fails is run once more in a fresh worker: on a
  // loaded machine a browser can stall for seconds (a frame never produced, a focus lost while
  // a frame's document is swapped), and one such stall must not sink a run whose code is
  // right. A test that passes only on its second try is listed as flaky at the end of the
  // run, so it is seen and mended, not hidden; one that fails twice fails the run. Locally,
  // every failure counts at once.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: {
    timeout: 7_000,
    // Visual baselines (tests/e2e/visual.spec.ts). One path per image, without the default
    // platform and project suffix: CI runs the same Debian Chromium as development.
    // `threshold` is the per-pixel colour distance (YIQ, 0-1) below which anti-aliasing and
    // font hinting count as equal. Beyond it at most 100 pixels may differ: two runs of the
    // suite on the same setup differ by none, while one changed word is several hundred. (A
    // share of the page, 0.5 %, let a whole button and a reworded sentence through.)
    toHaveScreenshot: {
      pathTemplate: "{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{ext}",
      threshold: 0.2,
      maxDiffPixels: 100,
      animations: "disabled",
      caret: "hide",
      scale: "css",
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_FLAGS],
        },
      },
    },
  ],
  webServer: [
    {
      command: "node server/main.ts",
      url: `http://127.0.0.1:${PORT}/healthz`,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: "test-results/data",
        // HSTS on, as a deployment behind TLS sets it. It goes out only on answers served over
        // HTTPS, so the browser tests over plain HTTP never get it;
        // tests/e2e/security-headers.spec.ts probes both sides.
        HSTS: "1",
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // The pseudo-locale test build (`npm run build:pseudo`) for the layout suite; the server
    // refuses to start, failing the run, when that build is missing.
    {
      command: "node server/main.ts",
      url: `http://127.0.0.1:${PSEUDO_PORT}/healthz`,
      env: {
        PORT: String(PSEUDO_PORT),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        BUILD_DIR: "build-pseudo",
        DATA_DIR: "test-results/data-pseudo",
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
