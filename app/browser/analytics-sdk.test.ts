import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createAnalyticsClient, sdkOptions } from "./analytics-sdk.ts";

/**
 * SPEC §7 and §8 against the real SDK, configured as the site configures it, with a fake
 * network (fetch) and a fake clock: uploads in the classic format, 'success' accepted, and
 * on 413 the upload batch is halved and retried, and a batch of one is dropped.
 */
const KEY = "22222222222222222222222222222222";

interface Upload {
  url: string;
  form: URLSearchParams;
  events: Array<{ event_type: string; insert_id: string }>;
}

let uploads: Upload[];
let answers: Array<[status: number, body: string]>;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-02T09:00:00Z") });
  localStorage.clear();
  uploads = [];
  answers = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      uploads.push({ url, form, events: JSON.parse(form.get("e") ?? "[]") });
      const [status, body] = answers.shift() ?? [200, "success"];
      return new Response(body, { status });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function client(batchSize = 100) {
  return createAnalyticsClient(KEY, {
    ...sdkOptions("127.0.0.1", false),
    flushQueueSize: batchSize,
    identityStorage: "none",
  });
}

test("the options follow SPEC §9 and the EU, IP-free setup", () => {
  expect(sdkOptions("www.beyondbudget.app", true)).toMatchObject({
    serverZone: "EU",
    serverUrl: "https://api.eu.amplitude.com/",
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

test("uploads go to the EU endpoint over HTTPS in the classic format, and 'success' is accepted", async () => {
  const instance = await client();
  const result = instance.track("Navigation", { path: "/" }).promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(200);
  expect(uploads).toHaveLength(1);
  const [upload] = uploads;
  expect(upload?.url).toBe("https://api.eu.amplitude.com/");
  const form = upload?.form ?? new URLSearchParams();
  expect(form.get("client")).toBe(KEY);
  expect(form.get("v")).toBe("2");
  // The fake clock's time when the upload period ended.
  expect(form.get("upload_time")).toBe(String(Date.parse("2026-03-02T09:00:30Z")));
  const checksum = createHash("md5")
    .update(`2${KEY}${form.get("e")}${form.get("upload_time")}`)
    .digest("hex");
  expect(form.get("checksum")).toBe(checksum);
  expect(upload?.events).toEqual([
    expect.objectContaining({
      event_type: "Navigation",
      event_properties: { path: "/" },
      api_properties: { tracking_options: { ip_address: false } },
    }),
  ]);
  expect(upload?.events[0]).not.toHaveProperty("ip");
});

test("a 200 with another body is not accepted: the event is uploaded again", async () => {
  const instance = await client();
  answers.push([200, '{"code":200}']);
  const result = instance.track("Navigation").promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect(uploads).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(200);
  expect(uploads).toHaveLength(2);
  expect(uploads[1]?.events[0]?.insert_id).toBe(uploads[0]?.events[0]?.insert_id);
});

test("a 413 halves the batch size and the events are retried in smaller batches", async () => {
  const instance = await client(4);
  answers.push([413, "Payload too large"]);
  const results = ["a", "b", "c", "d"].map((name) => instance.track(name).promise);
  await vi.advanceTimersByTimeAsync(30_000);
  await vi.advanceTimersByTimeAsync(30_000);
  const codes = (await Promise.all(results)).map((result) => result.code);
  expect(uploads.map((upload) => upload.events.length)).toEqual([4, 2, 2]);
  expect(codes).toEqual([200, 200, 200, 200]);
});

test("an explicit flush (the 30-event threshold) answered with 413 also halves and retries", async () => {
  const instance = await client(4);
  answers.push([413, "Payload too large"]);
  const results = ["a", "b", "c", "d"].map((name) => instance.track(name).promise);
  await instance.flush().promise;
  expect(uploads.map((upload) => upload.events.length)).toEqual([4]);
  await vi.advanceTimersByTimeAsync(30_000);
  const codes = (await Promise.all(results)).map((result) => result.code);
  expect(uploads.map((upload) => upload.events.length)).toEqual([4, 2, 2]);
  expect(codes).toEqual([200, 200, 200, 200]);
});

test("an explicit flush that fails (5xx) keeps the events for a later upload", async () => {
  const instance = await client();
  answers.push([503, "Service Unavailable"]);
  const result = instance.track("kept").promise;
  await instance.flush().promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(200);
  expect(uploads.map((upload) => upload.events[0]?.event_type)).toEqual(["kept", "kept"]);
});

test("a single event answered with 413 is dropped", async () => {
  const instance = await client(4);
  answers.push([413, "Payload too large"]);
  const result = instance.track("too-big").promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(413);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(uploads).toHaveLength(1);
});

test("@amplitude/analytics-core is pinned to the version the browser SDK pins", () => {
  const dependency = (path: string): unknown =>
    JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")).dependencies[
      "@amplitude/analytics-core"
    ];
  expect(dependency("../../package.json")).toBe(
    dependency("../../node_modules/@amplitude/analytics-browser/package.json"),
  );
});

test("runs as it ships: the parts the options switch off are stand-ins that never run", async () => {
  // vitest.config.ts applies the browser build's stand-ins, so every test here uses them.
  const webVitals = await import("@amplitude/plugin-web-vitals-browser");
  expect(() => webVitals.webVitalsPlugin()).toThrow(/switched off in sdkOptions/);
  const instance = await client();
  const result = instance.track("Navigation", { path: "/" }).promise;
  await vi.advanceTimersByTimeAsync(30_000);
  expect((await result).code).toBe(200);
});
