import { expect, test } from "vitest";
import { createHttpsRule, type RequestTransport } from "./https-rule.ts";

const PLAIN: RequestTransport = {
  encrypted: false,
  peerAddress: "127.0.0.1",
  forwardedProto: undefined,
  host: "127.0.0.1:3000",
};

const npmStart = createHttpsRule({ trustProxy: [], publicOrigin: "https://www.beyondbudget.app" });
const behindProxy = createHttpsRule({
  trustProxy: ["10.0.0.2", "192.168.0.0/16", "fd00::/8"],
  publicOrigin: "https://www.beyondbudget.app",
});

test("plain HTTP on loopback or a LAN address is not HTTPS", () => {
  expect(npmStart(PLAIN)).toBe(false);
  expect(npmStart({ ...PLAIN, peerAddress: "192.168.1.20", host: "192.168.1.10:3000" })).toBe(
    false,
  );
  expect(npmStart({ ...PLAIN, peerAddress: "::ffff:192.168.1.20", host: "[::1]:3000" })).toBe(
    false,
  );
  expect(npmStart({ ...PLAIN, host: undefined, peerAddress: undefined })).toBe(false);
});

test("a TLS connection is HTTPS", () => {
  expect(npmStart({ ...PLAIN, encrypted: true })).toBe(true);
});

test("X-Forwarded-Proto: https counts only from a trusted proxy", () => {
  const forwarded = { ...PLAIN, forwardedProto: "https" };
  expect(npmStart(forwarded)).toBe(false);
  expect(behindProxy(forwarded)).toBe(false);
  expect(behindProxy({ ...forwarded, peerAddress: "10.0.0.2" })).toBe(true);
  expect(behindProxy({ ...forwarded, peerAddress: "::ffff:192.168.4.4" })).toBe(true);
  expect(behindProxy({ ...forwarded, peerAddress: "fd00::7" })).toBe(true);
  expect(behindProxy({ ...forwarded, peerAddress: "10.0.0.3" })).toBe(false);
});

test("a trusted proxy's own entry (the last) decides, case-insensitively", () => {
  const proxy = { ...PLAIN, peerAddress: "10.0.0.2" };
  expect(behindProxy({ ...proxy, forwardedProto: "http" })).toBe(false);
  expect(behindProxy({ ...proxy, forwardedProto: "HTTPS" })).toBe(true);
  expect(behindProxy({ ...proxy, forwardedProto: "http, https" })).toBe(true);
  expect(behindProxy({ ...proxy, forwardedProto: "https, http" })).toBe(false);
  expect(behindProxy({ ...proxy, forwardedProto: ["http", "https"] })).toBe(true);
});

test("the host of an https PUBLIC_ORIGIN is HTTPS, another host is not", () => {
  expect(npmStart({ ...PLAIN, host: "www.beyondbudget.app" })).toBe(true);
  expect(npmStart({ ...PLAIN, host: "WWW.BeyondBudget.app:443" })).toBe(true);
  expect(npmStart({ ...PLAIN, host: "www.beyondbudget.app:8080" })).toBe(false);
  expect(npmStart({ ...PLAIN, host: "beyondbudget.app" })).toBe(false);
  expect(npmStart({ ...PLAIN, host: "www.beyondbudget.app.evil.example" })).toBe(false);
});

test("an http PUBLIC_ORIGIN, or none, never makes its host HTTPS", () => {
  const httpOrigin = createHttpsRule({ trustProxy: [], publicOrigin: "http://192.168.1.10:3000" });
  expect(httpOrigin({ ...PLAIN, host: "192.168.1.10:3000" })).toBe(false);
  const noOrigin = createHttpsRule({ trustProxy: [], publicOrigin: null });
  expect(noOrigin({ ...PLAIN, host: "www.beyondbudget.app" })).toBe(false);
});

test("an https PUBLIC_ORIGIN with a port matches that host and port only", () => {
  const rule = createHttpsRule({ trustProxy: [], publicOrigin: "https://staging.example:8443" });
  expect(rule({ ...PLAIN, host: "staging.example:8443" })).toBe(true);
  expect(rule({ ...PLAIN, host: "staging.example" })).toBe(false);
});
