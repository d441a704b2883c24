import { expect, test } from "vitest";
import { fragmentId, linkKind, opensNewWindow } from "./links.ts";

test.each([
  ["#features", "fragment"],
  ["/pricing", "internal"],
  ["/privacy-policy#section-11", "internal"],
  ["//evil.example", "external"],
  ["https://blog.example", "external"],
  ["mailto:hello@example.com", "external"],
] as const)("%s is %s", (href, kind) => {
  expect(linkKind(href)).toBe(kind);
});

test("fragmentId reads the id after #, decoded", () => {
  expect(fragmentId("/privacy-policy#section-11")).toBe("section-11");
  expect(fragmentId("#a%20b")).toBe("a b");
  expect(fragmentId("/pricing")).toBeNull();
  expect(fragmentId("#")).toBeNull();
});

test("only http(s) links open a new window", () => {
  expect(opensNewWindow("https://x.example")).toBe(true);
  expect(opensNewWindow("mailto:a@b.c")).toBe(false);
});
