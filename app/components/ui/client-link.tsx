import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
} from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import { followsInApp, replacesCurrentEntry, staysInLocale } from "../../lib/links.ts";

const ClientNavigation = createContext<NavigateFunction | null>(null);

/**
 * Gives every `ClientLink` below it the router's navigation: one `useNavigate` for the page
 * instead of the hooks React Router's `Link` runs for each of a page's 40-50 links while it
 * hydrates (decision record 0023).
 */
export function ClientNavigationProvider({ children }: { children: ReactNode }) {
  return <ClientNavigation.Provider value={useNavigate()}>{children}</ClientNavigation.Provider>;
}

export interface ClientLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this site, already in the page's language (`/de/preise#rechner`). */
  to: string;
}

/**
 * A link to a page of the site that the app follows without a new document, as React
 * Router's `Link` would for a path of this site: the same `href`, the same clicks left to
 * the browser (`followsInApp`), and a link to the current page replacing its history entry.
 * Without the provider (or before the app has started), and to a page in another language,
 * whose routes this page's router does not hold (decision record 0025), the browser
 * follows it.
 */
export function ClientLink({ to, onClick, target, children, ...rest }: ClientLinkProps) {
  const navigate = useContext(ClientNavigation);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const current = new URL(window.location.href);
    if (!navigate || !followsInApp(event, target) || !staysInLocale(to, current)) return;
    event.preventDefault();
    void navigate(to, { replace: replacesCurrentEntry(to, current) });
  };
  return (
    <a href={to} target={target} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
