/**
 * Content-Security-Policy of the site (SEC-6). The first-party policy is fixed; every
 * third-party origin lives in CSP_THIRD_PARTY, grouped by vendor, so adding a vendor
 * (analytics, tag manager, chat) is one entry here and nothing else.
 */

/** The directives the site uses, in the order they appear in the header. */
const CSP_DIRECTIVES = [
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
type CspDirective = (typeof CSP_DIRECTIVES)[number];

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
};

/**
 * Third-party origins by vendor. Never add `'unsafe-inline'`, `'unsafe-eval'`, `*`,
 * `https:`, `data:` or `blob:` to `script-src` here (SEC-6).
 */
export const CSP_THIRD_PARTY = {
  /** Product videos: thumbnails, the oEmbed JSON API and the player iframe. */
  vimeo: {
    "img-src": ["https://i.vimeocdn.com"],
    // The player URL is also fetched (no-cors) to tell a blocked host from a slow one.
    "connect-src": ["https://vimeo.com", "https://player.vimeo.com"],
    "frame-src": ["https://player.vimeo.com"],
  },
  /**
   * Product analytics (issue 7): the SDK ships in our bundle and uploads to the EU
   * data-residency endpoint only (remote configuration and diagnostics are off).
   */
  amplitude: {
    "connect-src": ["https://api.eu.amplitude.com"],
  },
  /** Tag manager (after consent): its container script and the GA4 collectors it feeds. */
  tagManager: {
    "script-src": ["https://www.googletagmanager.com"],
    "img-src": ["https://www.googletagmanager.com"],
    "connect-src": [
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
    ],
  },
  /** LinkedIn Insight Tag (after marketing consent). */
  linkedIn: {
    "script-src": ["https://snap.licdn.com"],
    "img-src": ["https://px.ads.linkedin.com"],
    "connect-src": ["https://px.ads.linkedin.com"],
  },
  /**
   * Live chat (after analytics consent). Scripts only from embed.tawk.to (not the public
   * npm CDN it can also use, which would allow any package); its API and sockets on tawk.to.
   */
  chat: {
    "script-src": ["https://embed.tawk.to"],
    "style-src": ["https://embed.tawk.to"],
    "img-src": ["https://*.tawk.to", "https://tawk.link"],
    "font-src": ["https://embed.tawk.to"],
    "connect-src": ["https://*.tawk.to", "wss://*.tawk.to"],
    "frame-src": ["https://*.tawk.to"],
  },
} as const satisfies Record<string, SourceList>;

/** A vendor of CSP_THIRD_PARTY; the build says which are on (`site-config.json`). */
export type CspVendor = keyof typeof CSP_THIRD_PARTY;

export function isCspVendor(name: unknown): name is CspVendor {
  return typeof name === "string" && Object.hasOwn(CSP_THIRD_PARTY, name);
}

/**
 * The third-party origins of the vendors a build turned on: a tag that is off (its id was
 * not configured) gets no origin in the policy.
 */
export function thirdPartyFor(vendors: readonly CspVendor[]): Record<string, SourceList> {
  return Object.fromEntries(vendors.map((vendor) => [vendor, CSP_THIRD_PARTY[vendor]]));
}

export interface CspOptions {
  /**
   * The response goes out over HTTPS (see `https-rule.ts`). Only then does the policy say
   * `upgrade-insecure-requests`: over plain HTTP, WebKit (which does not treat loopback as
   * secure) and every engine on a LAN address would fetch each asset over https:// and
   * fail, so the page would load no script or stylesheet. Default false.
   */
  isHttps?: boolean;
  /** Third-party origins by vendor; the site's own list by default. */
  thirdParty?: Readonly<Record<string, SourceList>>;
}

/**
 * Builds the policy header value. `scriptHashes` are the `'sha256-…'` sources of the page's
 * inline scripts (from `csp-hashes.json`); pass none for non-HTML responses. Duplicates are
 * dropped, directive order is fixed, so equal inputs give byte-equal headers.
 */
export function buildCsp(scriptHashes: readonly string[] = [], options: CspOptions = {}): string {
  const { isHttps = false, thirdParty = CSP_THIRD_PARTY } = options;
  const vendors = Object.values(thirdParty);
  return CSP_DIRECTIVES.flatMap((directive) => {
    if (directive === "upgrade-insecure-requests") return isHttps ? [directive] : [];
    const sources = [
      ...(FIRST_PARTY[directive] ?? []),
      ...(directive === "script-src" ? scriptHashes : []),
      ...vendors.flatMap((vendor) => vendor[directive] ?? []),
    ];
    const isUsed = directive in FIRST_PARTY || sources.length > 0;
    return isUsed ? [[directive, ...new Set(sources)].join(" ")] : [];
  }).join("; ");
}

/**
 * The policy of a file that is only ever part of a page (`isSubresourceFile`: scripts,
 * styles, fonts, images, video, route data). A browser applies a response's policy only to a
 * document or a worker made from it, never to a script, style or image a page fetches, so
 * this one allows nothing and keeps only SEC-6's fixed directives: 98 bytes, against 244 for
 * the site's policy with no vendor and 769 with all of them. That matters over HTTP/1.1,
 * where every header goes out with every response and a page starts with a dozen requests.
 * (raw.githubusercontent.com serves every file it hosts with a policy of the same kind.)
 * The site runs no worker; one made from the site's scripts would need the page's policy.
 */
export const SUBRESOURCE_CSP =
  "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The same policy for a response that turned out to go over HTTPS: adds
 * `upgrade-insecure-requests` (always the last directive) unless it is already there, so
 * `cspForTransport(buildCsp(h), { isHttps: true }) === buildCsp(h, { isHttps: true })`.
 */
export function cspForTransport(policy: string, transport: { isHttps: boolean }): string {
  if (!transport.isHttps || policy.endsWith(UPGRADE_DIRECTIVE)) return policy;
  return policy === "" ? UPGRADE_DIRECTIVE : `${policy}; ${UPGRADE_DIRECTIVE}`;
}

const UPGRADE_DIRECTIVE = "upgrade-insecure-requests";

/** Matches one CSP hash source as written by the postbuild step. */
export const CSP_HASH_PATTERN = /^'sha256-[A-Za-z0-9+/]{43}='$/;
