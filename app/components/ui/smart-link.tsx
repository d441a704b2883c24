import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useLocation } from "react-router";
import { trackedLinkText } from "../../browser/link-text.ts";
import { scrollToIdAfterDelay } from "../../browser/scroll-to-element.ts";
import { useLocale } from "../../hooks/use-locale.ts";
import { useT } from "../../hooks/use-t.ts";
import { trackEvent } from "../../lib/analytics/tracking-event.ts";
import { fragmentId, linkKind, opensNewWindow } from "../../lib/links.ts";
import { localizePath, normalizePath } from "../../lib/locale.ts";
import { ClientLink } from "./client-link.tsx";

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** `#id`, a locale-free site path (`/pricing`), or an absolute external URL. */
  href: string;
  children: ReactNode;
  /** Id of the tracking event sent when an external link is followed. */
  trackingId?: string;
  /** Section reported with the tracking event. */
  trackingSection?: string;
  /** Marks the current page (`aria-current="page"`, class `selected`) for internal links. */
  isNavItem?: boolean;
}

/**
 * Every link on the site (SPEC §2): fragments scroll smoothly after 300 ms, internal paths
 * navigate client-side in the page's language and start at the top, and external links are
 * tracked, then open in a new window.
 */
export function SmartLink({
  href,
  children,
  trackingId,
  trackingSection,
  isNavItem = false,
  onClick,
  className,
  ...rest
}: SmartLinkProps) {
  const locale = useLocale();
  const { pathname } = useLocation();
  const t = useT();
  const kind = linkKind(href);

  if (kind === "fragment") {
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      const id = fragmentId(href);
      if (event.defaultPrevented || !id) return;
      event.preventDefault();
      window.history.replaceState(window.history.state, "", `#${encodeURIComponent(id)}`);
      scrollToIdAfterDelay(id);
    };
    return (
      <a href={href} className={className} onClick={handleClick} {...rest}>
        {children}
      </a>
    );
  }

  if (kind === "internal") {
    const to = localizePath(href, locale);
    const id = fragmentId(href);
    const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented && id) scrollToIdAfterDelay(id);
    };
    // Compared on normalized paths: prerendering renders `/pricing/` for `/pricing` (G6),
    // and the prerendered attribute must match what hydration computes.
    const isCurrent = isNavItem && normalizePath(pathname) === normalizePath(to);
    return (
      <ClientLink
        to={to}
        className={isCurrent ? `${className ?? ""} selected`.trim() : className}
        aria-current={isCurrent ? "page" : undefined}
        onClick={handleClick}
        {...rest}
      >
        {children}
      </ClientLink>
    );
  }

  const isNewWindow = opensNewWindow(href);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    trackEvent({
      id: trackingId ?? "external-link",
      text: trackedLinkText(event.currentTarget) || href,
      section: trackingSection,
      value: href,
    });
  };
  return (
    <a
      href={href}
      className={className}
      onClick={handleClick}
      {...(isNewWindow ? { target: "_blank", rel: "noopener" } : {})}
      {...rest}
    >
      {children}
      {isNewWindow ? (
        <span className="visually-hidden" data-link-hint="">
          {" "}
          {t("common.newTab")}
        </span>
      ) : null}
    </a>
  );
}
