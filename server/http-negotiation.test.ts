import { describe, expect, test } from "vitest";
import { chooseEncoding, isNotModified, parseRange } from "./http-negotiation.ts";

const BOTH = { br: true, gzip: true };

describe("chooseEncoding", () => {
  test.each([
    ["br, gzip", BOTH, "br"],
    ["gzip, deflate, br", BOTH, "br"],
    ["gzip", BOTH, "gzip"],
    ["x-gzip", BOTH, "gzip"],
    ["br;q=0, gzip", BOTH, "gzip"],
    ["BR", BOTH, "br"],
    ["*", BOTH, "br"],
    ["*;q=0", BOTH, null],
    ["identity", BOTH, null],
    ["deflate", BOTH, null],
    ["", BOTH, null],
    [undefined, BOTH, null],
    ["br, gzip", { br: false, gzip: true }, "gzip"],
    ["br", { br: false, gzip: true }, null],
    ["br, gzip", { br: false, gzip: false }, null],
  ])("Accept-Encoding %j with %j gives %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe("isNotModified", () => {
  const validators = { etag: '"abc"', lastModifiedS: Date.parse("2026-01-01T00:00:00Z") / 1000 };
  test.each([
    [{ "if-none-match": '"abc"' }, true],
    [{ "if-none-match": 'W/"abc"' }, true],
    [{ "if-none-match": '"x", "abc"' }, true],
    [{ "if-none-match": "*" }, true],
    [{ "if-none-match": '"other"' }, false],
    [{ "if-none-match": '"other"', "if-modified-since": "Thu, 01 Jan 2026 00:00:00 GMT" }, false],
    [{ "if-modified-since": "Thu, 01 Jan 2026 00:00:00 GMT" }, true],
    [{ "if-modified-since": "Wed, 31 Dec 2025 23:59:59 GMT" }, false],
    [{ "if-modified-since": "not a date" }, false],
    [{}, false],
  ])("%j → %s", (headers, expected) => {
    expect(isNotModified(headers, validators)).toBe(expected);
  });
});

describe("parseRange", () => {
  const validators = { etag: '"v1"', lastModifiedS: 1_700_000_000 };
  test.each([
    ["bytes=0-99", undefined, { start: 0, end: 99 }],
    ["bytes=900-", undefined, { start: 900, end: 999 }],
    ["bytes=-100", undefined, { start: 900, end: 999 }],
    ["bytes=-5000", undefined, { start: 0, end: 999 }],
    ["bytes=990-5000", undefined, { start: 990, end: 999 }],
    ["bytes=999-999", undefined, { start: 999, end: 999 }],
    ["bytes=1000-", undefined, "unsatisfiable"],
    ["bytes=-0", undefined, "unsatisfiable"],
    ["bytes=5-1", undefined, null],
    ["bytes=0-1,5-6", undefined, null],
    ["items=0-1", undefined, null],
    ["bytes=-", undefined, null],
    [undefined, undefined, null],
    ["bytes=0-9", '"v1"', { start: 0, end: 9 }],
    ["bytes=0-9", '"v0"', null],
    ["bytes=0-9", 'W/"v1"', null],
    ["bytes=0-9", new Date(1_700_000_000_000).toUTCString(), { start: 0, end: 9 }],
    ["bytes=0-9", "Mon, 01 Jan 2001 00:00:00 GMT", null],
  ])("Range %j with If-Range %j → %j", (range, ifRange, expected) => {
    expect(parseRange(range, ifRange, 1000, validators)).toEqual(expected);
  });
});
