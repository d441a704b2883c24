import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StartupError } from "../startup-error.ts";
import type { Store } from "../store/database.ts";

/** File in DATA_DIR that keeps the generated secret of a SQLite deployment (mode 0600). */
const KEY_FILE = "recipient-key.secret";
/** A secret shorter than this is refused: the hashes are only as strong as the key. */
const MIN_SECRET_LENGTH = 32;
/** The row of `store_settings` that records which key the stored hashes were made with. */
const KEY_CHECK_SETTING = "address_key_check";

/**
 * An address as `find`, `erase` and the per-recipient limit compare it: Unicode NFC, outer
 * spaces trimmed, lower case. A `+tag` stays part of the address: `ana+news@example.com`
 * and `ana@example.com` are two addresses (not every provider treats `+` as a sub-address,
 * and an erasure must never reach someone else's mailbox).
 */
export function normaliseAddress(address: string): string {
  return address.normalize("NFC").trim().toLowerCase();
}

/**
 * PRIV-2: keyed hashes (HMAC-SHA-256 with the deployment's secret, RECIPIENT_KEY_SECRET) of email
 * addresses and submissions. Without the secret a hash cannot be tested against a list of
 * guessed addresses, so the store keeps what the per-recipient limit, `find` and `erase`
 * need without keeping the address. Each use has its own label, so a hash made for one
 * purpose never equals one made for another.
 */
export class AddressKeys {
  readonly #secret: Buffer;

  constructor(secret: string) {
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new StartupError(
        `RECIPIENT_KEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 32\`)`,
      );
    }
    this.#secret = Buffer.from(secret, "utf8");
  }

  /** The key of an address, as stored in `sender_key` and `recipient_key` (hex). */
  of(address: string): string {
    return this.#hmac(`address\0${normaliseAddress(address)}`);
  }

  /** The key of a submission's content, for the duplicate window (hex). */
  fingerprint(content: string): string {
    return this.#hmac(`submission\0${content}`);
  }

  /**
   * A value that tells keys apart without revealing them: the store records it once and
   * every instance and the submissions command compare theirs with it.
   */
  get check(): string {
    return this.#hmac("key-check\0v1");
  }

  #hmac(text: string): string {
    return createHmac("sha256", this.#secret).update(text, "utf8").digest("hex");
  }
}

export interface KeySource {
  /** RECIPIENT_KEY_SECRET, or null when unset. */
  secret: string | null;
  dataDir: string;
  /** With PostgreSQL several instances may run: the secret must come from the environment. */
  databaseUrl: string | null;
  /** Create the key file when it is missing (the server and the writing commands). */
  create: boolean;
}

/**
 * The deployment's address keys: RECIPIENT_KEY_SECRET when set; otherwise, on SQLite only,
 * the secret kept in `DATA_DIR/recipient-key.secret`, generated (32 random bytes, mode
 * 0600) on first use. PostgreSQL without the variable is refused: instances that generated
 * their own secrets would each hash the same address differently, and the per-recipient
 * limit, `find` and `erase` would miss. Throws StartupError with what to do.
 */
export function loadAddressKeys(source: KeySource): AddressKeys {
  const given = source.secret?.trim();
  if (given) return new AddressKeys(given);
  if (source.databaseUrl) {
    throw new StartupError(
      "RECIPIENT_KEY_SECRET is required with DATABASE_URL: every instance and the submissions command must share one secret (generate it once, e.g. `openssl rand -base64 32`, and keep it with the database's credentials)",
    );
  }
  const file = path.join(source.dataDir, KEY_FILE);
  const existing = readKeyFile(file);
  if (existing !== null) return new AddressKeys(existing);
  if (!source.create) {
    throw new StartupError(
      `${file} is missing: start the server once to create it, or set RECIPIENT_KEY_SECRET to the secret it held`,
    );
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    mkdirSync(source.dataDir, { recursive: true });
    // `wx`: two processes starting together never overwrite each other's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const raced = readKeyFile(file);
    if (raced !== null) return new AddressKeys(raced);
    throw new StartupError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  return new AddressKeys(secret);
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return null;
    throw new StartupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  // Only the owner may read the secret; a copy restored with looser permissions is tightened.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text.trim();
}

/**
 * Records the key's check value in a store that has none, and refuses a key that differs
 * from the one recorded: a second instance started with another RECIPIENT_KEY_SECRET, or a
 * SQLite deployment whose key file was lost, would otherwise hash addresses that match
 * nothing stored. `readOnly` stores are only compared (and must have a value).
 */
export async function verifyAddressKeys(
  store: Store,
  keys: AddressKeys,
  options: { readOnly?: boolean } = {},
): Promise<void> {
  if (!options.readOnly) {
    await store.db
      .insertInto("store_settings")
      .values({ name: KEY_CHECK_SETTING, value: keys.check })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
  }
  const row = await store.db
    .selectFrom("store_settings")
    .select("value")
    .where("name", "=", KEY_CHECK_SETTING)
    .executeTakeFirst();
  if (row === undefined) {
    throw new StartupError(
      `The database at ${store.location} records no address key yet: start the server of this version once first`,
    );
  }
  if (row.value !== keys.check) {
    throw new StartupError(
      `RECIPIENT_KEY_SECRET (or ${KEY_FILE}) is not the secret the database at ${store.location} was set up with: every instance and the submissions command must use the same one (docs/privacy-operations.md, "The address key")`,
    );
  }
}
