import { createInstance } from "@amplitude/analytics-browser";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { sdkOptions } from "./analytics-client.ts";

/**
 * SPEC §8 against the real SDK with a fake transport (fetch) and a fake clock: on 413 the
 * upload batch is halved and retried, and a batch of one is dropped.
 */
interface Upload {
  events: Array<{ event_type: string }>;
}

let uploads: Upload[];
let statuses: number[];

beforeEach(() => {
  vi.useFakeTimers();
  uploads = [];
  statuses = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      uploads.push(JSON.parse(String(init.body)) as Upload);
      const status = statuses.shift() ?? 200;
      const body = status === 200 ? { code: 200 } : { code: status, error: "Payload too large" };
      return new Response(JSON.stringify(body), { status });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function client(batchSize: number) {
  const instance = createInstance();
  await instance.init("7e3f0a9b2c1d4e5f8a7b6c5d4e3f2a19", {
    ...sdkOptions("127.0.0.1", false),
    flushQueueSize: batchSize,
    identityStorage: "none",
  }).promise;
  return instance;
}

test("the options follow SPEC §9 and the EU, IP-free setup", () => {
  expect(sdkOptions("www.beyondbudget.app", true)).toMatchObject({
    serverZone: "EU",
    flushIntervalMillis: 30_000,
    flushQueueSize: 100,
    sessionTimeout: 1_800_000,
    useBatch: false,
    trackingOptions: { ipAddress: false },
    cookieOptions: { domain: ".beyondbudget.app", expiration: 395, secure: true },
    autocapture: false,
    fetchRemoteConfig: false,
    enableDiagnostics: false,
  });
  expect(sdkOptions("127.0.0.1", false).cookieOptions).not.toHaveProperty("domain");
});

test("a 413 halves the batch size and the events are retried in smaller batches", async () => {
  const instance = await client(4);
  statuses.push(413);
  const results = ["a", "b", "c", "d"].map((name) => instance.track(name).promise);
  await vi.advanceTimersByTimeAsync(30_000);
  await vi.advanceTimersByTimeAsync(30_000);
  const codes = (await Promise.all(results)).map((result) => result.code);
  expect(uploads.map((upload) => upload.events.length)).toEqual([4, 2, 2]);
  expect(codes).toEqual([200, 200, 200, 200]);
});

test("a single event answered with 413 is dropped", async () => {
  const instance = await client(4);
  statuses.push(413);
  const result = instance.track("too-big").promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(413);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(uploads).toHaveLength(1);
});
