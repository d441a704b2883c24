import { afterEach, describe, expect, test, vi } from "vitest";

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

describe("a step that hangs", () => {
  const place = { engine: () => "WebKitGTK 2.50.4", page: () => "/faqs" };

  afterEach(() => {
    vi.useRealTimers();
  });

  test("a load from a server that never finishes answering fails, naming engine, page and step", async () => {
    const { bounded, EngineTimeoutError } = await import("./drivers.ts");
    const { startNeverLoads } = await import("./never-loads.ts");
    const server = await startNeverLoads(0);
    try {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const load = fetch(`${server.origin}/page`).then((response) => response.text());
      const step = bounded(place, "loading the page", 20_000, () => load);
      const failed = expect(step).rejects.toThrow(
        new EngineTimeoutError(
          "WebKitGTK 2.50.4: loading the page on /faqs did not finish within 20 s",
        ),
      );
      // The driver's own cap, then a little grace for a driver that never answers at all.
      await vi.advanceTimersByTimeAsync(25_000);
      await failed;
      expect(server.requests("/page")).toBe(1);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });

  test("the driver giving up on its own cap says the same", async () => {
    const { bounded } = await import("./drivers.ts");
    const driverTimeout = new Error("timeout: page load");
    await expect(
      bounded(
        place,
        'clicking button "Accept all"',
        10_000,
        () => Promise.reject(driverTimeout),
        (error) => error === driverTimeout,
      ),
    ).rejects.toMatchObject({
      name: "EngineTimeoutError",
      message: 'WebKitGTK 2.50.4: clicking button "Accept all" on /faqs did not finish within 10 s',
      cause: driverTimeout,
    });
  });

  test("other failures pass through as they are", async () => {
    const { bounded } = await import("./drivers.ts");
    const broken = new Error("no such element");
    await expect(bounded(place, "reading", 10_000, () => Promise.reject(broken))).rejects.toBe(
      broken,
    );
  });

  test("a step that timed out runs once more; twice timed out fails, saying so", async () => {
    const { retryOnce, EngineTimeoutError } = await import("./drivers.ts");
    let calls = 0;
    await expect(
      retryOnce(async () => {
        calls += 1;
        if (calls === 1) throw new EngineTimeoutError("first");
        return "loaded";
      }),
    ).resolves.toBe("loaded");
    expect(calls).toBe(2);

    calls = 0;
    await expect(
      retryOnce(async () => {
        calls += 1;
        throw new EngineTimeoutError(`WebKitGTK: loading the page on /faqs, attempt ${calls}`);
      }),
    ).rejects.toThrow("WebKitGTK: loading the page on /faqs, attempt 2, tried twice");
    expect(calls).toBe(2);
  });

  test("a step that failed otherwise is not run again", async () => {
    const { retryOnce } = await import("./drivers.ts");
    let calls = 0;
    await expect(
      retryOnce(async () => {
        calls += 1;
        throw new Error("no such element");
      }),
    ).rejects.toThrow("no such element");
    expect(calls).toBe(1);
  });
});
