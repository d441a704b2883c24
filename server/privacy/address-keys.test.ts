import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { buildApp } from "../app.ts";
import { StartupError } from "../startup-error.ts";
import { openStore } from "../store/database.ts";
import {
  createFormTestBed,
  type FormTestBed,
  startFormApp,
  testApiConfig,
  testServerConfig,
} from "../test-support/form-app.ts";
import {
  AddressKeys,
  loadAddressKeys,
  normaliseAddress,
  verifyAddressKeys,
} from "./address-keys.ts";

const SECRET = "x".repeat(32);
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "beyond-keys-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test("an address is compared in NFC, trimmed and in lower case; a +tag is another address", () => {
  expect(normaliseAddress("  Ana@Example.COM\t")).toBe("ana@example.com");
  expect(normaliseAddress("jose\u0301@example.com")).toBe("josé@example.com");
  const keys = new AddressKeys(SECRET);
  expect(keys.of(" ANA@example.com")).toBe(keys.of("ana@example.com"));
  expect(keys.of("ana+news@example.com")).not.toBe(keys.of("ana@example.com"));
  expect(keys.of("ana@example.com")).toMatch(/^[0-9a-f]{64}$/);
  // Keyed: another secret gives other hashes; each purpose has its own label.
  expect(new AddressKeys("y".repeat(32)).of("ana@example.com")).not.toBe(
    keys.of("ana@example.com"),
  );
  expect(keys.fingerprint("address\0ana@example.com")).not.toBe(keys.of("ana@example.com"));
});

test("a secret shorter than 32 characters is refused", () => {
  expect(() => new AddressKeys("short")).toThrow(StartupError);
  expect(() =>
    loadAddressKeys({ secret: "short", dataDir: dir, databaseUrl: null, create: true }),
  ).toThrow(/at least 32 characters/);
});

test("SQLite without RECIPIENT_KEY_SECRET: a secret is generated once in DATA_DIR, mode 0600", async () => {
  const source = { secret: null, dataDir: path.join(dir, "data"), databaseUrl: null };
  expect(() => loadAddressKeys({ ...source, create: false })).toThrow(
    /recipient-key\.secret is missing/,
  );
  const first = loadAddressKeys({ ...source, create: true });
  const file = path.join(source.dataDir, "recipient-key.secret");
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect((await readFile(file, "utf8")).trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const again = loadAddressKeys({ ...source, create: false });
  expect(again.of("ana@example.com")).toBe(first.of("ana@example.com"));
  // The variable, when set, wins over the file.
  expect(loadAddressKeys({ ...source, secret: SECRET, create: true }).check).toBe(
    new AddressKeys(SECRET).check,
  );
});

test("PostgreSQL without RECIPIENT_KEY_SECRET is refused: instances must share the secret", () => {
  expect(() =>
    loadAddressKeys({
      secret: null,
      dataDir: dir,
      databaseUrl: "postgres://beyond@db/beyond",
      create: true,
    }),
  ).toThrow(/RECIPIENT_KEY_SECRET is required with DATABASE_URL/);
});

test("a store remembers its key: another key is refused, as is a read-only store without one", async () => {
  const store = await openStore({ dataDir: dir, databaseUrl: null });
  try {
    const reader = await openStore({ dataDir: dir, databaseUrl: null, readOnly: true });
    await expect(
      verifyAddressKeys(reader, new AddressKeys(SECRET), { readOnly: true }),
    ).rejects.toThrow(/records no address key yet/);
    await verifyAddressKeys(store, new AddressKeys(SECRET));
    await verifyAddressKeys(store, new AddressKeys(SECRET));
    await verifyAddressKeys(reader, new AddressKeys(SECRET), { readOnly: true });
    await expect(verifyAddressKeys(store, new AddressKeys("y".repeat(32)))).rejects.toThrow(
      /not the secret the database .* was set up with/,
    );
    await reader.close();
  } finally {
    await store.close();
  }
});

test("a lost key file is noticed: the server refuses to start rather than hash with a new one", async () => {
  const bed: FormTestBed = await createFormTestBed();
  try {
    const dataDir = await bed.newDataDir();
    const app = await startFormApp(bed.fake.buildDir, testApiConfig(dataDir));
    await app.close();
    await rm(path.join(dataDir, "recipient-key.secret"));
    await expect(
      buildApp(testServerConfig(bed.fake.buildDir, testApiConfig(dataDir))),
    ).rejects.toThrow(/not the secret the database/);
  } finally {
    await bed.cleanup();
  }
});

test("RETENTION_DAYS: the build's value rules; the server refuses another, or one below the recipient window", async () => {
  const bed: FormTestBed = await createFormTestBed();
  try {
    const siteConfig = path.join(bed.fake.buildDir, "site-config.json");
    const start = async (env: Record<string, string>) => {
      const app = await buildApp(
        testServerConfig(bed.fake.buildDir, testApiConfig(await bed.newDataDir(), env)),
      );
      const days = app.formApi?.retentionDays;
      await app.close();
      return days;
    };
    // A build from before the setting published two years.
    expect(await start({})).toBe(730);
    await expect(start({ RETENTION_DAYS: "365" })).rejects.toThrow(
      /RETENTION_DAYS is 365 here, but the build's privacy policy says 730 days/,
    );
    const manifest = JSON.parse(await readFile(siteConfig, "utf8")) as Record<string, unknown>;
    await writeFile(siteConfig, JSON.stringify({ ...manifest, config: { retentionDays: 365 } }));
    expect(await start({})).toBe(365);
    expect(await start({ RETENTION_DAYS: "365" })).toBe(365);
    await expect(start({ REFERRAL_RECIPIENT_DAYS: "400" })).rejects.toThrow(
      /RETENTION_DAYS \(365\) must be at least REFERRAL_RECIPIENT_DAYS \(400\)/,
    );
  } finally {
    await bed.cleanup();
  }
});
