import { expect, test } from "vitest";
import { parseRequestTarget, withQuery } from "./request-target.ts";

test.each([
  ["/", { path: "/", query: "" }],
  ["/pricing?a=1&b=2", { path: "/pricing", query: "a=1&b=2" }],
  ["/de/preise%20x", { path: "/de/preise x", query: "" }],
  ["/..%2fsecret", { path: "/../secret", query: "" }],
  ["/%252e%252e", { path: "/%2e%2e", query: "" }],
  ["/a?x=%0d%0a", { path: "/a", query: "x=%0d%0a" }],
  ["/a?\u00e9", { path: "/a", query: "" }],
])("parses %s", (url, expected) => {
  expect(parseRequestTarget(url)).toEqual(expected);
});

test.each([
  ["not origin-form", "http://evil.example/"],
  ["an asterisk", "*"],
  ["a lone percent", "/%"],
  ["a truncated sequence", "/%E0%A4%A"],
  ["overlong UTF-8", "/%c0%af"],
  ["an encoded NUL", "/index.html%00.js"],
  ["an encoded newline", "/a%0d%0aSet-Cookie:x"],
  ["a literal control character", "/a\u0001"],
])("rejects %s", (_name, url) => {
  expect(parseRequestTarget(url)).toBeNull();
});

test("withQuery appends the query only when there is one", () => {
  expect(withQuery("/pricing", "")).toBe("/pricing");
  expect(withQuery("/pricing", "a=1")).toBe("/pricing?a=1");
});
