import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALES } from "../../app/lib/locale.ts";
import {
  DEVICE_CLASSES,
  EARLY_ACTION_KINDS,
  NAVIGATION_TYPES,
  VITALS_MAX,
  VITALS_METRICS,
} from "../../app/lib/vitals/report.ts";
import { VITALS_PAGES } from "../../app/lib/vitals/report-schema.ts";
import { listSubmissions } from "../store/submissions.ts";
import {
  createFormTestBed,
  type FormTestBed,
  startFormApp,
  TEST_ORIGIN,
  testApiConfig,
} from "../test-support/form-app.ts";
import { VITALS_METRIC_NAMES } from "../vitals-metrics.ts";

const REPORT = {
  page: "pricing",
  locale: "de",
  device: "phone",
  navigation: "navigate",
  metrics: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 900, TTFB: 150 },
  early: { tap: 2, typing: 1 },
};

let bed: FormTestBed;
let app: FastifyInstance;
let nextIp = 1;

/** A fresh client address, so tests do not share the per-IP budget. */
function freshIp(): string {
  nextIp += 1;
  return `10.9.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

function post(
  payload: string | Buffer | undefined,
  headers: Record<string, string> = { "content-type": "application/json" },
  remoteAddress = freshIp(),
  target = app,
) {
  return target.inject({
    method: "POST",
    url: "/api/vitals",
    ...(payload === undefined ? {} : { payload }),
    headers,
    remoteAddress,
  });
}

interface Series {
  name: string;
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

async function series(target = app): Promise<Series[]> {
  const metrics = await target.metrics.registry.getMetricsAsJSON();
  return metrics
    .filter((metric) => (VITALS_METRIC_NAMES as readonly string[]).includes(metric.name))
    .flatMap((metric) =>
      (metric.values as Series[]).map((value) => ({ ...value, name: metric.name })),
    );
}

/** A histogram's count for one page, locale and device. */
async function countOf(name: string, labels: Record<string, string>, target = app) {
  const found = (await series(target)).find(
    (one) =>
      one.metricName === `${name}_count` &&
      Object.entries(labels).every(([key, value]) => one.labels[key] === value),
  );
  return found?.value ?? 0;
}

beforeAll(async () => {
  bed = await createFormTestBed();
  app = await startFormApp(bed.fake.buildDir, testApiConfig(await bed.newDataDir()));
});

afterAll(async () => {
  await app?.close();
  await bed?.cleanup();
});

describe("POST /api/vitals", () => {
  test("a report is answered 204 with no body and no cookie, and counted", async () => {
    const labels = { page: "pricing", locale: "de", device: "phone" };
    const before = await countOf("web_vitals_lcp_seconds", labels);
    const response = await post(JSON.stringify(REPORT), {
      "content-type": "application/json",
      // A beacon carries the origin's cookies; the route neither reads nor sets any.
      cookie: "lang=de; consent=v%3D1",
      origin: TEST_ORIGIN,
      "sec-fetch-site": "same-origin",
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await countOf("web_vitals_lcp_seconds", labels)).toBe(before + 1);
    const text = await app.metrics.registry.metrics();
    // 1.8 s is in the "good" bucket of LCP (2.5 s), 120 ms in INP's (0.2 s), 0.02 in CLS's.
    for (const [name, le] of [
      ["web_vitals_lcp_seconds", "2.5"],
      ["web_vitals_inp_seconds", "0.2"],
      ["web_vitals_cls", "0.1"],
      ["web_vitals_fcp_seconds", "1"],
      ["web_vitals_ttfb_seconds", "0.2"],
    ]) {
      expect(text).toMatch(
        new RegExp(
          `${name}_bucket\\{le="${le}",page="pricing",locale="de",device="phone"\\} [1-9]`,
        ),
      );
    }
    expect(text).toMatch(/early_actions_replayed_total\{kind="tap"\} [2-9]/);
    expect(text).toMatch(/early_actions_replayed_total\{kind="typing"\} [1-9]/);
    expect(text).toMatch(/web_vitals_reports_total\{navigation="navigate"\} [1-9]/);
  });

  test("a report never touches the submissions store", async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await post(JSON.stringify(REPORT))).statusCode).toBe(204);
    }
    const api = app.formApi;
    if (!api) throw new Error("no form API");
    expect(await listSubmissions(api.store)).toEqual([]);
    expect(await api.store.db.selectFrom("outbox").select("id").execute()).toEqual([]);
  });

  const hostile: Array<[string, string | Buffer | undefined, Record<string, string>, number]> = [
    ["metrics as strings", JSON.stringify({ ...REPORT, metrics: { LCP: "1800" } }), {}, 400],
    ["an unknown metric name", JSON.stringify({ ...REPORT, metrics: { FID: 12 } }), {}, 400],
    [
      "a known and an unknown metric",
      JSON.stringify({ ...REPORT, metrics: { LCP: 1, X: 1 } }),
      {},
      400,
    ],
    ["a huge number", JSON.stringify({ ...REPORT, metrics: { INP: 1e300 } }), {}, 400],
    [
      "a number JSON reads as Infinity",
      `{"page":"home","locale":"en","device":"phone","navigation":"navigate","metrics":{"LCP":1e999}}`,
      {},
      400,
    ],
    ["a negative number", JSON.stringify({ ...REPORT, metrics: { TTFB: -5 } }), {}, 400],
    [
      "CLS beyond its bound",
      JSON.stringify({ ...REPORT, metrics: { CLS: VITALS_MAX.CLS * 2 } }),
      {},
      400,
    ],
    ["a raw URL for the page", JSON.stringify({ ...REPORT, page: "/pricing?invite=x" }), {}, 400],
    ["an unknown locale", JSON.stringify({ ...REPORT, locale: "xx" }), {}, 400],
    ["an unknown device", JSON.stringify({ ...REPORT, device: "fridge" }), {}, 400],
    ["a label as an object", JSON.stringify({ ...REPORT, page: { toString: "home" } }), {}, 400],
    ["an extra field", JSON.stringify({ ...REPORT, visitor: "abc" }), {}, 400],
    ["an array", JSON.stringify([REPORT]), {}, 400],
    ["null", "null", {}, 400],
    ["a string", '"report"', {}, 400],
    ["malformed JSON", '{"page":', {}, 400],
    ["an empty JSON body", "", {}, 400],
    ["a prototype key", `{"__proto__":{"page":"home"},"locale":"en"}`, {}, 400],
    ["100 KB", JSON.stringify({ ...REPORT, pad: "x".repeat(100 * 1024) }), {}, 413],
    ["just over 1 KiB", JSON.stringify({ ...REPORT, pad: "x".repeat(1024) }), {}, 413],
    [
      "text/plain (a beacon of a bare string)",
      JSON.stringify(REPORT),
      { "content-type": "text/plain;charset=UTF-8" },
      415,
    ],
    ["a form", "page=home", { "content-type": "application/x-www-form-urlencoded" }, 415],
    ["multipart", "--x\r\n\r\n--x--", { "content-type": "multipart/form-data; boundary=x" }, 415],
    ["no content type", JSON.stringify(REPORT), { "content-type": "" }, 415],
    ["no body at all", undefined, { "content-type": "" }, 415],
    ["gzip-encoded", JSON.stringify(REPORT), { "content-encoding": "gzip" }, 415],
    ["a cross-site origin", JSON.stringify(REPORT), { origin: "https://evil.example" }, 403],
    ["Sec-Fetch-Site: cross-site", JSON.stringify(REPORT), { "sec-fetch-site": "cross-site" }, 403],
  ];

  test.each(hostile)("%s: %#", async (_name, payload, headers, status) => {
    const before = await series();
    const response = await post(payload, { "content-type": "application/json", ...headers });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body).not.toMatch(/stack|at |\.ts|REPORT|pricing|x{10}/);
    expect(JSON.parse(response.body)).toEqual({ error: expect.any(String) });
    // Nothing refused is counted.
    expect(await series()).toEqual(before);
  });

  test("other methods get 404, as any unknown API path", async () => {
    const response = await app.inject({ method: "GET", url: "/api/vitals" });
    expect(response.statusCode).toBe(404);
  });

  test("over the per-IP limit: 429 with Retry-After, other clients unaffected", async () => {
    const limited = await startFormApp(
      bed.fake.buildDir,
      testApiConfig(await bed.newDataDir(), {
        VITALS_RATE_LIMIT_PER_10_MIN: "3",
        VITALS_RATE_LIMIT_PER_DAY: "10",
      }),
    );
    try {
      const body = JSON.stringify(REPORT);
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await post(body, undefined, "203.0.113.7", limited)).statusCode);
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      const refused = await post(body, undefined, "203.0.113.7", limited);
      expect(refused.headers["retry-after"]).toBe("600");
      // Refused before the body is read: even a hostile one gets 429.
      expect((await post("x".repeat(5000), undefined, "203.0.113.7", limited)).statusCode).toBe(
        429,
      );
      expect((await post(body, undefined, "203.0.113.8", limited)).statusCode).toBe(204);
      // The forms' own limits are apart from it.
      const form = await limited.inject({
        method: "POST",
        url: "/api/sendEmail",
        payload: "yourFirstName=A",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        remoteAddress: "203.0.113.7",
      });
      expect(form.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  test("under random input, every label is from its closed set and the series stay bounded", async () => {
    let seed = 0x5eed;
    const random = () => {
      // mulberry32: a fixed sequence, so a failure can be replayed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const junk = () =>
      pick([
        "",
        "x".repeat(1 + Math.floor(random() * 40)),
        `page-${Math.floor(random() * 1e6)}`,
        "../../etc",
        "ünïcödé",
        "<script>",
        String(random()),
      ]);
    const label = <T>(values: readonly T[]) => (random() < 0.95 ? pick(values) : junk());
    const value = () =>
      random() < 0.9
        ? pick([random() * 5000, random(), 0])
        : pick([-random(), 1e9 * random(), Number.MAX_VALUE, "12", null]);
    let accepted = 0;
    for (let i = 0; i < 600; i += 1) {
      const metrics: Record<string, unknown> = {};
      for (const name of VITALS_METRICS) if (random() < 0.5) metrics[name] = value();
      if (random() < 0.1) metrics[pick(["FID", "lcp", "TBT", "__proto__"])] = value();
      const body = {
        page: label(VITALS_PAGES),
        locale: label(LOCALES),
        device: label(DEVICE_CLASSES),
        navigation: label(NAVIGATION_TYPES),
        metrics,
        ...(random() < 0.3
          ? { early: { [label(EARLY_ACTION_KINDS)]: pick([1, 3, 1000, -1, 0.5]) } }
          : {}),
      };
      const response = await post(JSON.stringify(body));
      expect([204, 400]).toContain(response.statusCode);
      if (response.statusCode === 204) accepted += 1;
    }
    // Enough of them valid that the closed sets were all exercised.
    expect(accepted).toBeGreaterThan(20);
    const allowed: Record<string, readonly unknown[]> = {
      page: VITALS_PAGES,
      locale: LOCALES,
      device: DEVICE_CLASSES,
      navigation: NAVIGATION_TYPES,
      kind: EARLY_ACTION_KINDS,
    };
    const all = await series();
    for (const one of all) {
      for (const [key, labelValue] of Object.entries(one.labels)) {
        if (key === "le") continue;
        expect(allowed[key], `${one.name} ${key}`).toContain(labelValue);
      }
    }
    // Per histogram: at most pages × locales × devices label sets.
    const bound = VITALS_PAGES.length * LOCALES.length * DEVICE_CLASSES.length;
    for (const name of VITALS_METRIC_NAMES.filter((metric) => metric.startsWith("web_vitals_"))) {
      const labelSets = new Set(
        all
          .filter((one) => one.name === name && one.metricName?.endsWith("_count"))
          .map((one) => JSON.stringify(one.labels)),
      );
      expect(labelSets.size).toBeLessThanOrEqual(bound);
    }
  }, 60_000);
});
