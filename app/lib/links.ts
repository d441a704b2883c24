import { localeFromPath } from "./locale.ts";

export type LinkKind = "fragment" | "internal" | "external";

/**
 * How a link behaves (SPEC §2): `#id` scrolls within the page, `/path` navigates in the app,
 * anything else (http, mailto) is external and is tracked before it opens.
 */
export function linkKind(href: string): LinkKind {
  if (href.startsWith("#")) return "fragment";
  if (href.startsWith("/") && !href.startsWith("//")) return "internal";
  return "external";
}

/** The element id a fragment or path-with-fragment points at, or null. */
export function fragmentId(href: string): string | null {
  const index = href.indexOf("#");
  if (index === -1) return null;
  const id = decodeURIComponent(href.slice(index + 1));
  return id === "" ? null : id;
}

/** External http(s) links open in a new window; mailto and tel hand over to the OS. */
export function opensNewWindow(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** What a click on a link reports, as far as deciding who follows it goes. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether the app follows a click on one of its internal links itself: a plain primary
 * click (or Enter) on a link that opens in the same window. A modified click (a new tab or
 * window, a download), another button, another target or a click already handled is left
 * to the browser, as React Router's `Link` leaves it.
 */
export function followsInApp(click: LinkClick, target: string | undefined): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    (!target || target === "_self") &&
    !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey)
  );
}

/**
 * Whether the app can follow a link to `to` from `current` without a new document: only
 * within one language, since each page's router holds its own language's routes
 * (decision record 0025); a link to another language is a new document.
 */
export function staysInLocale(to: string, current: URL): boolean {
  return localeFromPath(new URL(to, current).pathname) === localeFromPath(current.pathname);
}

/**
 * Whether following `to` from `current` replaces the history entry instead of adding one:
 * a link to the page the visitor is on (path, query and fragment alike) leaves one entry,
 * as React Router's `Link` does.
 */
export function replacesCurrentEntry(to: string, current: URL): boolean {
  const target = new URL(to, current);
  return (
    target.pathname === current.pathname &&
    target.search === current.search &&
    target.hash === current.hash
  );
}
