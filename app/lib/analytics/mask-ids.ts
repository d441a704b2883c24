import { ID_LENGTH, MASKED_ID } from "./constants.ts";

const ID_TOKEN = new RegExp(`(^|[/?&=#])[A-Za-z0-9]{${ID_LENGTH}}(?=$|[/?&=#])`, "g");

/**
 * SPEC §7: replaces every id of exactly 17 letters and digits in a path (a segment, or a
 * query or fragment value) by `ID`, so navigation events never carry record ids.
 * Hyphenated slugs and tokens of other lengths are kept.
 */
export function maskIds(path: string): string {
  return path.replace(ID_TOKEN, `$1${MASKED_ID}`);
}
