import { createHash } from "node:crypto";
import { Status } from "@amplitude/analytics-core";
import { expect, test, vi } from "vitest";
import { UploadTransport } from "./upload-transport.ts";

const KEY = "22222222222222222222222222222222";
const NOW = 1_700_000_000_000;
const payload = {
  api_key: KEY,
  events: [{ event_type: "Navigation", insert_id: "a" }],
  client_upload_time: "2023-11-14T22:13:20.000Z",
};

function fakeFetch(status: number, body: string) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    return new Response(body, { status });
  });
}

test("posts the form body to the upload URL forced to HTTPS, stamped by the clock", async () => {
  const fetch = fakeFetch(200, "success");
  const transport = new UploadTransport({ ipAddress: false, now: () => NOW, fetch });
  const response = await transport.send("http://api.eu.amplitude.com/", payload);
  expect(response).toMatchObject({ status: Status.Success, statusCode: 200 });
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] ?? [];
  expect(url).toBe("https://api.eu.amplitude.com/");
  expect(init?.method).toBe("POST");
  const body = init?.body as URLSearchParams;
  expect(body).toBeInstanceOf(URLSearchParams);
  expect(body.get("client")).toBe(KEY);
  expect(body.get("v")).toBe("2");
  expect(body.get("upload_time")).toBe(String(NOW));
  const e = body.get("e") ?? "";
  expect(JSON.parse(e)).toEqual([
    { ...payload.events[0], api_properties: { tracking_options: { ip_address: false } } },
  ]);
  expect(body.get("checksum")).toBe(createHash("md5").update(`2${KEY}${e}${NOW}`).digest("hex"));
});

test("a loopback stand-in is called on plain HTTP", async () => {
  const fetch = fakeFetch(200, "success");
  const transport = new UploadTransport({ ipAddress: true, now: () => NOW, fetch });
  await transport.send("http://127.0.0.1:4411/upload", payload);
  expect(fetch.mock.calls[0]?.[0]).toBe("http://127.0.0.1:4411/upload");
});

test("the answer is mapped to the SDK's statuses", async () => {
  const send = (status: number, body: string) =>
    new UploadTransport({ ipAddress: false, fetch: fakeFetch(status, body) }).send(
      "https://api.eu.amplitude.com/",
      payload,
    );
  expect((await send(200, '{"code":200}'))?.status).toBe(Status.Unknown);
  expect((await send(413, "too large"))?.status).toBe(Status.PayloadTooLarge);
  expect((await send(500, "oops"))?.status).toBe(Status.Failed);
});

test("a network error rejects, so the SDK retries the batch", async () => {
  const fetch = vi.fn(async () => {
    throw new TypeError("Failed to fetch");
  });
  const transport = new UploadTransport({ ipAddress: false, fetch });
  await expect(transport.send("https://api.eu.amplitude.com/", payload)).rejects.toThrow(
    "Failed to fetch",
  );
});
