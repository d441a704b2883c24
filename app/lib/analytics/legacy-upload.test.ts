import { createHash } from "node:crypto";
import { Status } from "@amplitude/analytics-core";
import { describe, expect, test } from "vitest";
import {
  buildUploadBody,
  forceHttps,
  UPLOAD_PROTOCOL_VERSION,
  uploadChecksum,
  uploadResponse,
} from "./legacy-upload.ts";

const KEY = "22222222222222222222222222222222";
const nodeMd5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");

describe("uploadChecksum", () => {
  test("is the MD5 hex of v + client + e + upload_time", () => {
    expect(uploadChecksum(2, KEY, "[]", 1_700_000_000_000)).toBe(nodeMd5(`2${KEY}[]1700000000000`));
  });

  test("hashes the UTF-8 bytes, like the server", () => {
    const events = JSON.stringify([{ event_type: "Tracking", text: "Zoë’s 预算 🚀" }]);
    expect(uploadChecksum(2, KEY, events, 1)).toBe(nodeMd5(`2${KEY}${events}1`));
  });
});

describe("forceHttps", () => {
  test.each([
    ["http://api.eu.amplitude.com/", "https://api.eu.amplitude.com/"],
    ["https://api.eu.amplitude.com/", "https://api.eu.amplitude.com/"],
    ["http://example.test:8080/upload?x=1", "https://example.test:8080/upload?x=1"],
  ])("%s is sent to %s", (url, expected) => {
    expect(forceHttps(url)).toBe(expected);
  });

  test.each([
    "http://127.0.0.1:4411/upload",
    "http://127.9.8.7/",
    "http://[::1]:9000/",
    "http://localhost:3000/",
  ])("a loopback stand-in keeps plain HTTP: %s", (url) => {
    expect(forceHttps(url)).toBe(url);
  });

  test("a host that only looks like loopback is forced to HTTPS", () => {
    expect(forceHttps("http://127.0.0.1.example.test/")).toBe("https://127.0.0.1.example.test/");
  });
});

describe("buildUploadBody", () => {
  const events = [
    { event_type: "Navigation", insert_id: "a", event_properties: { path: "/" } },
    { event_type: "Tracking", insert_id: "b" },
  ];

  test("sends client, e, v=2, upload_time and the checksum, form-encoded", () => {
    const body = buildUploadBody({ api_key: KEY, events }, 1_700_000_000_123, {
      ipAddress: true,
    });
    expect([...body.keys()]).toEqual(["client", "e", "v", "upload_time", "checksum"]);
    expect(body.get("client")).toBe(KEY);
    expect(body.get("v")).toBe(String(UPLOAD_PROTOCOL_VERSION));
    expect(body.get("v")).toBe("2");
    expect(body.get("upload_time")).toBe("1700000000123");
    expect(JSON.parse(body.get("e") ?? "")).toEqual(events);
    expect(body.get("checksum")).toBe(nodeMd5(`2${KEY}${body.get("e")}${body.get("upload_time")}`));
    // Round trip through the wire format.
    const parsed = new URLSearchParams(body.toString());
    expect(parsed.get("e")).toBe(body.get("e"));
  });

  test("with IP tracking off, every event asks the server not to record the address", () => {
    const body = buildUploadBody({ api_key: KEY, events }, 1, { ipAddress: false });
    const sent = JSON.parse(body.get("e") ?? "") as Array<Record<string, unknown>>;
    expect(sent).toEqual(
      events.map((event) => ({
        ...event,
        api_properties: { tracking_options: { ip_address: false } },
      })),
    );
    expect(body.get("checksum")).toBe(nodeMd5(`2${KEY}${body.get("e")}1`));
  });
});

describe("uploadResponse", () => {
  test("a 200 with body 'success' is accepted", () => {
    expect(uploadResponse(200, "success", 3)).toEqual({
      status: Status.Success,
      statusCode: 200,
      body: { eventsIngested: 3, payloadSizeBytes: 0, serverUploadTime: 0 },
    });
  });

  test.each([
    [200, "Success"],
    [200, "success\n"],
    [200, '{"code":200}'],
    [200, ""],
    [204, ""],
  ])("%i with body %j is not accepted, and the events are kept", (status, body) => {
    expect(uploadResponse(status, body, 1)).toEqual({ status: Status.Unknown, statusCode: status });
  });

  test("413 is PayloadTooLarge, so the SDK halves the batch or drops a lone event", () => {
    expect(uploadResponse(413, "request too large", 4)).toEqual({
      status: Status.PayloadTooLarge,
      statusCode: 413,
      body: { error: "request too large" },
    });
  });

  test.each([
    [429, Status.RateLimit],
    [408, Status.Timeout],
    [400, Status.Invalid],
    [500, Status.Failed],
    [503, Status.Failed],
    [302, Status.Unknown],
  ])("%i maps to %s, as the SDK's own transport maps it", (status, expected) => {
    expect(uploadResponse(status, "error", 1)).toMatchObject({
      status: expected,
      statusCode: status,
    });
  });
});
