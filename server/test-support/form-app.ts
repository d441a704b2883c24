import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { runPostbuild } from "../../scripts/postbuild-lib.ts";
import { type ApiConfig, loadApiConfig } from "../api-config.ts";
import { buildApp } from "../app.ts";
import type { ServerConfig } from "../config.ts";
import { createFakeBuild, type FakeBuild } from "./fake-build.ts";

export const TEST_ORIGIN = "https://www.beyondbudget.app";

/** A fake build plus a fresh data directory, shared by the tests of one file. */
export interface FormTestBed {
  fake: FakeBuild;
  dataRoot: string;
  /** A new, empty DATA_DIR for one app. */
  newDataDir(): Promise<string>;
  cleanup(): Promise<void>;
}

export async function createFormTestBed(): Promise<FormTestBed> {
  const fake = await createFakeBuild();
  await runPostbuild(fake.buildDir, TEST_ORIGIN);
  const dataRoot = await mkdtemp(path.join(tmpdir(), "beyond-data-"));
  let count = 0;
  return {
    fake,
    dataRoot,
    newDataDir: async () => {
      count += 1;
      return path.join(dataRoot, `data-${count}`);
    },
    cleanup: async () => {
      await fake.cleanup();
      await rm(dataRoot, { recursive: true, force: true });
    },
  };
}

/** The form API configuration for a test: fast retries, the given env on top. */
export function testApiConfig(dataDir: string, env: Record<string, string> = {}): ApiConfig {
  return loadApiConfig({ DATA_DIR: dataDir, OUTBOX_RETRY_SCHEDULE: "fast", ...env }, "/");
}

export function testServerConfig(buildDir: string, api: ApiConfig): ServerConfig {
  return {
    host: "127.0.0.1",
    port: 0,
    buildDir,
    hsts: false,
    trustProxy: [],
    logLevel: "silent",
    api,
  };
}

/** Builds and readies an app with the form API (the worker starts on ready). */
export async function startFormApp(
  buildDir: string,
  api: ApiConfig,
  options: Parameters<typeof buildApp>[1] = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testServerConfig(buildDir, api), options);
  await app.ready();
  return app;
}

export function formBody(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(fields).toString();
}
