import { afterEach, expect, test, vi } from "vitest";

/**
 * A missing browser fails the cross-engine suite with what to install; it never skips.
 * The paths are read when drivers.ts loads, so each test sets them and imports it afresh.
 */
async function driversWith(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return import("./drivers.ts");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const NOWHERE = "/nonexistent/beyond-engines-test";

test("without Firefox ESR, the suite fails naming Debian's firefox-esr", async () => {
  const { launchFirefox, MissingBrowserError } = await driversWith({
    FIREFOX_PATH: `${NOWHERE}/firefox-esr`,
  });
  const launch = launchFirefox("http://127.0.0.1:1");
  await expect(launch).rejects.toBeInstanceOf(MissingBrowserError);
  await expect(launch).rejects.toThrow(
    `Firefox ESR not found at ${NOWHERE}/firefox-esr: install Debian's firefox-esr`,
  );
});

test("without WebKitGTK's MiniBrowser, the suite fails naming Debian's webkit2gtk-driver", async () => {
  const { launchWebKit, MissingBrowserError } = await driversWith({
    MINIBROWSER_PATH: `${NOWHERE}/MiniBrowser`,
  });
  const launch = launchWebKit("http://127.0.0.1:1", 1);
  await expect(launch).rejects.toBeInstanceOf(MissingBrowserError);
  await expect(launch).rejects.toThrow(`MiniBrowser at ${NOWHERE}/MiniBrowser (webkit2gtk-driver)`);
});
