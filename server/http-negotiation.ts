/** Pure HTTP negotiation helpers (RFC 9110): content coding, conditionals and byte ranges. */

export type ContentCoding = "br" | "gzip";

/**
 * Picks the precompressed coding to send: `br` over `gzip` whenever the client accepts both
 * (smaller files, every current browser), honouring `q=0` and `*`. Returns null for identity.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean },
): ContentCoding | null {
  if (!acceptEncoding || (!available.br && !available.gzip)) return null;
  const weights = parseWeights(acceptEncoding);
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (available.br && accepts("br")) return "br";
  if (available.gzip && (accepts("gzip") || (weights.get("x-gzip") ?? 0) > 0)) return "gzip";
  return null;
}

function parseWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim());
    if (coding === "") continue;
    const q = params.find((param) => param.toLowerCase().startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/** Validators of one representation, for conditional requests. */
export interface Validators {
  etag: string;
  /** Modification time in whole seconds since the epoch. */
  lastModifiedS: number;
}

/**
 * True when the client's cached copy is current, so the answer is 304. `If-None-Match`
 * wins over `If-Modified-Since` (RFC 9110 §13.2.2) and uses weak comparison.
 */
export function isNotModified(
  headers: { "if-none-match"?: string; "if-modified-since"?: string },
  validators: Validators,
): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    const wanted = opaqueTag(validators.etag);
    return ifNoneMatch.split(",").some((tag) => opaqueTag(tag.trim()) === wanted);
  }
  const ifModifiedSince = headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const sinceMs = Date.parse(ifModifiedSince);
  return !Number.isNaN(sinceMs) && validators.lastModifiedS <= sinceMs / 1000;
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/** An inclusive byte range within a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Interprets a `Range` header for a file of `size` bytes. Only a single `bytes=` range is
 * honoured (enough for video seeking); anything else, or a stale `If-Range`, means the
 * full file (null). Returns "unsatisfiable" for a well-formed range that misses the file (416).
 */
export function parseRange(
  rangeHeader: string | undefined,
  ifRange: string | undefined,
  size: number,
  validators: Validators,
): ByteRange | "unsatisfiable" | null {
  if (rangeHeader === undefined || !isIfRangeCurrent(ifRange, validators)) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
  if (match === null) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

function isIfRangeCurrent(ifRange: string | undefined, validators: Validators): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"')) return ifRange === validators.etag;
  const dateMs = Date.parse(ifRange);
  return !Number.isNaN(dateMs) && dateMs / 1000 === validators.lastModifiedS;
}
