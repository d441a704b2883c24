/**
 * First-party cookie helpers. Only this module, the language switcher and the head's
 * capture script (a consent choice made before the app has started) write cookies.
 */

import { type CookieOptions, cookieAttributes } from "../lib/cookie-attributes.ts";

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

/** Writes a first-party, SameSite=Lax cookie (Secure on HTTPS). */
export function writeCookie(name: string, value: string, options: CookieOptions): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all this needs
  document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes(options)}${secure}`;
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
