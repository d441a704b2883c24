/**
 * Content-Security-Policy of the site (SEC-6). The first-party policy is fixed; every
 * third-party origin lives in CSP_THIRD_PARTY, grouped by vendor, so adding a vendor
 * (analytics, tag manager, chat) is one entry here and nothing else.
 */

/** The directives the site uses, in the order they appear in the header. */
export const CSP_DIRECTIVES = [
  "default-src",
  "script-src",
  "style-src",
  "style-src-attr",
  "img-src",
  "connect-src",
  "frame-src",
  "font-src",
  "media-src",
  "object-src",
  "base-uri",
  "form-action",
  "frame-ancestors",
  "upgrade-insecure-requests",
] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];

type SourceList = Partial<Record<CspDirective, readonly string[]>>;

/** First-party sources. `style-src-attr` allows React's `style={…}` attributes only. */
const FIRST_PARTY: SourceList = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "style-src-attr": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "font-src": ["'self'"],
  "media-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "upgrade-insecure-requests": [],
};

/**
 * Third-party origins by vendor. Never add `'unsafe-inline'`, `'unsafe-eval'`, `*`,
 * `https:`, `data:` or `blob:` to `script-src` here (SEC-6).
 */
export const CSP_THIRD_PARTY = {
  /** Product videos: thumbnails, the oEmbed JSON API and the player iframe. */
  vimeo: {
    "img-src": ["https://i.vimeocdn.com"],
    "connect-src": ["https://vimeo.com"],
    "frame-src": ["https://player.vimeo.com"],
  },
} as const satisfies Record<string, SourceList>;

/**
 * Builds the policy header value. `scriptHashes` are the `'sha256-…'` sources of the page's
 * inline scripts (from `csp-hashes.json`); pass none for non-HTML responses. Duplicates are
 * dropped, directive order is fixed, so equal inputs give byte-equal headers.
 */
export function buildCsp(
  scriptHashes: readonly string[] = [],
  thirdParty: Readonly<Record<string, SourceList>> = CSP_THIRD_PARTY,
): string {
  const vendors = Object.values(thirdParty);
  return CSP_DIRECTIVES.flatMap((directive) => {
    const sources = [
      ...(FIRST_PARTY[directive] ?? []),
      ...(directive === "script-src" ? scriptHashes : []),
      ...vendors.flatMap((vendor) => vendor[directive] ?? []),
    ];
    const isUsed = directive in FIRST_PARTY || sources.length > 0;
    return isUsed ? [[directive, ...new Set(sources)].join(" ")] : [];
  }).join("; ");
}

/** Matches one CSP hash source as written by the postbuild step. */
export const CSP_HASH_PATTERN = /^'sha256-[A-Za-z0-9+/]{43}='$/;
