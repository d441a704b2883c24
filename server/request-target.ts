/** A request target split into its decoded path and its raw query string. */
export interface RequestTarget {
  /** Percent-decoded once, never normalised: lookups are exact, so `..` simply matches nothing. */
  path: string;
  /** The raw query without `?`, kept only when it is plain visible ASCII (safe in `Location`). */
  query: string;
}

const SAFE_QUERY = /^[\u0021-\u007e]*$/;

/**
 * Parses the raw request URL. Returns null for a target the server should answer with 400:
 * not origin-form (no leading `/`), malformed percent-encoding (`/%`, `/%E0%A4%A`, overlong
 * UTF-8 such as `%c0%af`), or control characters such as NUL after decoding (SEC-5).
 * Decoding happens exactly once, so `%252e` stays the literal text `%2e`.
 */
export function parseRequestTarget(url: string): RequestTarget | null {
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? "" : url.slice(queryStart + 1);
  if (!rawPath.startsWith("/")) return null;
  const path = decodeOnce(rawPath);
  if (path === null || hasControlCharacter(path)) return null;
  return { path, query: SAFE_QUERY.test(rawQuery) ? rawQuery : "" };
}

function decodeOnce(rawPath: string): string | null {
  if (!rawPath.includes("%")) return rawPath;
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/** C0 controls and DEL, NUL included: never part of a file name we publish. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `path` plus `?query` when there is one. */
export function withQuery(path: string, query: string): string {
  return query === "" ? path : `${path}?${query}`;
}
