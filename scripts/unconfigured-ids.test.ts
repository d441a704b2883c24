import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { readBuildConfig } from "../app/lib/build-config.ts";
import { findUnconfiguredIds } from "./unconfigured-ids.ts";

const NOTHING = readBuildConfig({}).config;
const TEST_IDS = ["GTM-TEST000", "1000001", "11111111111111111111111111111111"];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "beyond-ids-"));
  await mkdir(path.join(dir, "assets"));
  await writeFile(path.join(dir, "index.html"), "<html><script>var n=10000010;</script></html>");
  await writeFile(path.join(dir, "assets", "app.js"), "const c={analytics:{},videos:{}};");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test("a build without configuration and without ids is clean", async () => {
  expect(await findUnconfiguredIds(dir, NOTHING, TEST_IDS)).toEqual([]);
});

test("finds any container id and the test build's ids in a build not configured with them", async () => {
  await writeFile(
    path.join(dir, "assets", "tags.js"),
    'loadTagManager("GTM-K7B3Q9X");loadInsight("1000001");key="11111111111111111111111111111111"',
  );
  expect(await findUnconfiguredIds(dir, NOTHING, TEST_IDS)).toEqual([
    "assets/tags.js: GTM-K7B3Q9X",
    "assets/tags.js: 1000001",
    "assets/tags.js: 11111111111111111111111111111111",
  ]);
});

test("the ids the build was configured with are allowed", async () => {
  await writeFile(path.join(dir, "assets", "tags.js"), 'id="GTM-TEST000";p="1000001"');
  const config = readBuildConfig({
    TAG_MANAGER_ID: "GTM-TEST000",
    LINKEDIN_PARTNER_ID: "1000001",
  }).config;
  expect(await findUnconfiguredIds(dir, config, TEST_IDS)).toEqual([]);
});

test("a production build may not carry the test build's partner tracking id", async () => {
  await writeFile(
    path.join(dir, "xero.html"),
    '<a href="https://www.xero.com/signup/?xtid=xtest000">Start your Xero trial</a>',
  );
  expect(await findUnconfiguredIds(dir, NOTHING, ["xtest000"])).toEqual(["xero.html: xtest000"]);
  const configured = readBuildConfig({ XERO_PARTNER_TRACKING_ID: "xtest000" }).config;
  expect(await findUnconfiguredIds(dir, configured, ["xtest000"])).toEqual([]);
});
