import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
// Also imported first by entry.client.tsx, which fixes its place in the one stylesheet;
// imported here too so that the development server renders pages with it.
import "./styles/global.css";
import favicon from "../public/favicon.svg?inline";
import interSite from "./assets/fonts/inter-site.woff2?url";
import { replayHeldEarlyActions } from "./browser/early-actions.ts";
import { linkWebManifest } from "./browser/web-manifest.ts";
import { ClientNavigationProvider } from "./components/ui/client-link.tsx";
import { STORED_CONSENT_PROBE } from "./lib/analytics/consent-probe.ts";
import { REFERRAL_HOLD_SCRIPT } from "./lib/analytics/referral-hold.ts";
import { EARLY_CAPTURE_SCRIPT } from "./lib/early-actions/capture-script.ts";
import { LANGUAGE_CHOICE_SCRIPT, LOCALE_TAGS, localeFromPath } from "./lib/locale.ts";

// No stylesheet here: the build joins every stylesheet into one, which React Router links on
// every page (decision record 0013).
export const links: Route.LinksFunction = () => [
  // Inter cut to the site's characters (npm run fonts) is all any locale's text needs;
  // preloading it has it in place before the first layout, so nothing moves (decision 13).
  { rel: "preload", href: interSite, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // In the page (about 300 bytes), not a request of its own: Chromium asks for the icon
  // alongside the stylesheet and the font, and a phone's first round trips are all they
  // should carry (decision 16). public/favicon.svg stays for the web manifest's icon.
  { rel: "icon", href: favicon, type: "image/svg+xml" },
];

/**
 * Runs before the first paint and before the app: see each part's comment. Only the
 * prerendered page needs its text, since React leaves a script's content as it is when it
 * hydrates: the browser's bundle goes without it (0.7 KB less gzip on every page).
 */
const HEAD_SCRIPT = import.meta.env.SSR
  ? `${STORED_CONSENT_PROBE}${LANGUAGE_CHOICE_SCRIPT}${REFERRAL_HOLD_SCRIPT}${EARLY_CAPTURE_SCRIPT}`
  : "";

export function Layout({ children }: { children: ReactNode }) {
  const locale = localeFromPath(useLocation().pathname);
  return (
    <html lang={LOCALE_TAGS[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, hashed for the CSP at build time */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // The root's effects run after every other part of the first render has hydrated.
  useEffect(() => {
    replayHeldEarlyActions();
    linkWebManifest(document);
  }, []);
  return (
    <ClientNavigationProvider>
      <Outlet />
    </ClientNavigationProvider>
  );
}

/**
 * Last-resort boundary for errors outside a locale layout; the copy cannot come from the
 * catalogue here because the catalogue itself may be what failed to load.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="container error-page">
      <h1>{status}</h1>
      <p>
        <a href="/">Beyond</a>
      </p>
    </main>
  );
}
