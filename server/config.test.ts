import path from "node:path";
import { expect, test } from "vitest";
import { loadApiConfig } from "./api-config.ts";
import { loadConfig } from "./config.ts";
import { StartupError } from "./startup-error.ts";

test("defaults to loopback, port 3000, ./build, no HSTS, no trusted proxy, info logs", () => {
  expect(loadConfig({}, "/srv/site")).toEqual({
    host: "127.0.0.1",
    port: 3000,
    buildDir: path.resolve("/srv/site/build"),
    hsts: false,
    trustProxy: [],
    logLevel: "info",
    metrics: null,
    api: loadApiConfig({}, "/srv/site"),
  });
});

test("reads every variable", () => {
  const env = {
    HOST: "10.0.0.5",
    PORT: "8080",
    BUILD_DIR: "/opt/build",
    HSTS: "1",
    TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1",
    LOG_LEVEL: "warn",
    METRICS_PORT: "9464",
    METRICS_HOST: "10.0.0.5",
  };
  expect(loadConfig(env, "/srv/site")).toEqual({
    host: "10.0.0.5",
    port: 8080,
    buildDir: path.resolve("/opt/build"),
    hsts: true,
    trustProxy: ["10.0.0.1", "192.168.0.0/16", "::1"],
    logLevel: "warn",
    metrics: { host: "10.0.0.5", port: 9464 },
    api: loadApiConfig(env, "/srv/site"),
  });
});

test.each([["0"], ["true"], ["yes"]])("HSTS=%s leaves HSTS off", (value) => {
  expect(loadConfig({ HSTS: value }).hsts).toBe(false);
});

test.each([
  [{ PORT: "http" }],
  [{ PORT: "70000" }],
  [{ PORT: "-1" }],
  [{ PORT: "80.5" }],
  [{ TRUST_PROXY: "true" }],
  [{ TRUST_PROXY: "*" }],
  [{ TRUST_PROXY: "10.0.0.0/33" }],
  [{ TRUST_PROXY: "proxy.internal" }],
  [{ LOG_LEVEL: "verbose" }],
])("refuses %j with a StartupError", (env) => {
  expect(() => loadConfig(env)).toThrow(StartupError);
});
