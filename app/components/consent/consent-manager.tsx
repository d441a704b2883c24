import { useEffect } from "react";
import { useLocation } from "react-router";
import { recordNavigation, startConsentServices } from "../../browser/consent-services.ts";
import { restoreConsent } from "../../browser/consent-store.ts";
import { ConsentBanner } from "./consent-banner.tsx";
import "./consent.css";

/**
 * Consent, analytics and tags for every page: reads the stored choice after hydration
 * (so prerendered HTML never depends on it), starts what it allows, records route changes
 * and shows the banner when the visitor has to decide.
 */
export function ConsentManager() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    // A task of its own: the stored choice re-renders the banner at once (an external
    // store), which would otherwise lengthen the task that runs every effect of the start.
    const timer = setTimeout(() => {
      startConsentServices(new URLSearchParams(window.location.search).get("referrer"));
      restoreConsent();
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    recordNavigation(`${pathname}${search}`);
  }, [pathname, search]);

  return <ConsentBanner />;
}
