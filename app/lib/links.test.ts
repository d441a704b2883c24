import { describe, expect, test } from "vitest";
import {
  followsInApp,
  fragmentId,
  linkKind,
  opensNewWindow,
  replacesCurrentEntry,
  staysInLocale,
} from "./links.ts";

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

describe("followsInApp", () => {
  const plain = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
  };

  test("a plain primary click on a same-window link is the app's", () => {
    expect(followsInApp(plain, undefined)).toBe(true);
    expect(followsInApp(plain, "_self")).toBe(true);
  });

  test("a modified click, another button, another window or a handled click is the browser's", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(followsInApp({ ...plain, [key]: true }, undefined)).toBe(false);
    }
    expect(followsInApp({ ...plain, button: 1 }, undefined)).toBe(false);
    expect(followsInApp(plain, "_blank")).toBe(false);
    expect(followsInApp({ ...plain, defaultPrevented: true }, undefined)).toBe(false);
  });
});

describe("replacesCurrentEntry", () => {
  const current = new URL("https://beyond.example/de/preise?plan=team#rechner");

  test("a link to the very page the visitor is on replaces its entry", () => {
    expect(replacesCurrentEntry("/de/preise?plan=team#rechner", current)).toBe(true);
  });

  test("another path, query or fragment adds an entry", () => {
    expect(replacesCurrentEntry("/de/preise", current)).toBe(false);
    expect(replacesCurrentEntry("/de/preise?plan=team", current)).toBe(false);
    expect(replacesCurrentEntry("/de/funktionen", current)).toBe(false);
  });
});

describe("staysInLocale", () => {
  const german = new URL("https://site.example/de/pricing");
  const english = new URL("https://site.example/features");

  test("a link within the page's language stays in the app", () => {
    expect(staysInLocale("/de/features", german)).toBe(true);
    expect(staysInLocale("/de", german)).toBe(true);
    expect(staysInLocale("/pricing#calculator", english)).toBe(true);
    expect(staysInLocale("/", english)).toBe(true);
  });

  test("a link to another language is a new document", () => {
    expect(staysInLocale("/pricing", german)).toBe(false);
    expect(staysInLocale("/fr/pricing", german)).toBe(false);
    expect(staysInLocale("/es", english)).toBe(false);
  });
});
