/** First-party cookie helpers. Only this module and the language switcher write cookies. */

/** The value of a cookie, or null. */
export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(";")) {
    const [key = "", ...rest] = pair.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Names of every cookie this page can see. */
export function cookieNames(): string[] {
  return document.cookie
    .split(";")
    .map((pair) => pair.trim().split("=")[0] ?? "")
    .filter((name) => name !== "");
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** A leading-dot domain shared with sibling hosts; the current host when omitted. */
  domain?: string;
}

/** Writes a first-party, SameSite=Lax cookie (Secure on HTTPS). */
export function writeCookie(name: string, value: string, options: CookieOptions): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.round(options.maxAgeSeconds)}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (window.location.protocol === "https:") parts.push("Secure");
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all this needs
  document.cookie = parts.join("; ");
}

/**
 * Removes a cookie whatever domain it was set for: the current host and each parent
 * domain (`www.example.com`, `.example.com`), since vendors set theirs on the parent.
 */
export function deleteCookie(name: string): void {
  const labels = window.location.hostname.split(".");
  const domains = [""];
  for (let index = 0; index < labels.length - 1; index += 1) {
    domains.push(`.${labels.slice(index).join(".")}`);
  }
  for (const domain of domains) {
    // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie needs the same API
    document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
  }
}
