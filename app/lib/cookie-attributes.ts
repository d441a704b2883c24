export interface CookieOptions {
  maxAgeSeconds: number;
  /** A leading-dot domain shared with sibling hosts; the current host when omitted. */
  domain?: string;
}

/**
 * What follows a cookie's value, but `Secure`, which depends on the page's protocol:
 * `; Max-Age=…; Path=/; SameSite=Lax` and the domain if any. The browser code's
 * `writeCookie` and the head's capture script, which stores a consent choice made before
 * the app has started, write cookies with it.
 */
export function cookieAttributes(options: CookieOptions): string {
  const domain = options.domain ? `; Domain=${options.domain}` : "";
  return `; Max-Age=${Math.round(options.maxAgeSeconds)}; Path=/; SameSite=Lax${domain}`;
}
