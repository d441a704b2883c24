import { mkdirSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import path from "node:path";

/** File name of the ledger in DATA_DIR when ERASURE_LEDGER is not set. */
export const DEFAULT_LEDGER_FILE = "erasures.jsonl";

/**
 * One erasure, as the ledger keeps it: the keyed hash of the erased address (never the
 * address), when, the request id printed to the operator, and the first 16 characters of
 * the key's check value (a ledger replayed with another key is refused line by line).
 */
export interface LedgerEntry {
  v: 1;
  key: string;
  erasedAt: number;
  requestId: string;
  keyCheck: string;
}

/**
 * Appends one erasure to the ledger (JSON lines, mode 0600) and flushes it to disk before
 * the erasure deletes anything: a restored backup predating it is cleaned again by
 * `erase --replay`, which reads this file. The ledger lives outside the database on
 * purpose: restoring the database must not roll it back (docs/privacy-operations.md).
 */
export async function appendToLedger(file: string, entry: LedgerEntry): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.appendFile(`${JSON.stringify(entry)}\n`, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every entry of a ledger, oldest first; a malformed line is an error naming its number. */
export async function readLedger(file: string): Promise<LedgerEntry[]> {
  const text = await readFile(file, "utf8");
  const entries: LedgerEntry[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    let entry: Partial<LedgerEntry> | null = null;
    try {
      entry = JSON.parse(line) as Partial<LedgerEntry>;
    } catch {
      // reported below
    }
    if (
      entry?.v !== 1 ||
      typeof entry.key !== "string" ||
      !/^[0-9a-f]{64}$/.test(entry.key) ||
      typeof entry.erasedAt !== "number" ||
      typeof entry.requestId !== "string" ||
      typeof entry.keyCheck !== "string"
    ) {
      throw new Error(`${file}, line ${index + 1}: not an erasure record`);
    }
    entries.push(entry as LedgerEntry);
  }
  return entries;
}
