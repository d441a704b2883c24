import { expect, test } from "vitest";
import { isIdentityEncoding, parseFormBody } from "./form-body.ts";

test.each([
  ["", {}],
  ["a=1&b=2", { a: "1", b: "2" }],
  ["name=Jos%C3%A9+Garc%C3%ADa", { name: "José García" }],
  ["clientNumber=100%2B", { clientNumber: "100+" }],
  ["clientNumber=100+", { clientNumber: "100 " }],
  ["empty=&flag", { empty: "", flag: "" }],
  ["bad=%E0%A4%A", { bad: "\uFFFD%A" }],
  ["pct=%", { pct: "%" }],
  ["nul=a%00b", { nul: "a\u0000b" }],
])("parses %j", (body, expected) => {
  expect({ ...parseFormBody(body) }).toEqual(expected);
});

test.each([["a=1&a=2"], ["a=1&b=2&a="], ["a&a"], ["x=%61&%78=b"]])(
  "rejects duplicate keys in %j with 400",
  (body) => {
    expect(() => parseFormBody(body)).toThrow(expect.objectContaining({ statusCode: 400 }));
  },
);

test("prototype keys are plain entries and pollute nothing", () => {
  const fields = parseFormBody("__proto__=x&constructor=y&toString=z");
  expect(Object.getPrototypeOf(fields)).toBeNull();
  expect(Object.entries(fields)).toEqual([
    ["__proto__", "x"],
    ["constructor", "y"],
    ["toString", "z"],
  ]);
  expect(({} as Record<string, unknown>).x).toBeUndefined();
});

test.each([
  [undefined, true],
  ["identity", true],
  ["Identity, identity", true],
  ["", true],
  ["gzip", false],
  ["br", false],
  ["deflate", false],
  ["identity, gzip", false],
  ["x-unknown", false],
])("Content-Encoding %j is identity: %s", (header, expected) => {
  expect(isIdentityEncoding(header)).toBe(expected);
});
