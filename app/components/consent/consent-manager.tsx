import { useEffect } from "react";
import { useLocation } from "react-router";
import { consentServicesLater } from "../../browser/consent-services-later.ts";
import { restoreConsent } from "../../browser/consent-store.ts";
import { holdReferral } from "../../browser/referral.ts";
import { ConsentBanner } from "./consent-banner.tsx";
import "./consent.css";

/**
 * Consent, analytics and tags for every page: reads the stored choice after hydration
 * (so prerendered HTML never depends on it), honours the landing URL's referral code as it
 * allows, starts what it allows (from a chunk fetched after the start), records route
 * changes and shows the banner when the visitor has to decide.
 */
export function ConsentManager() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    // A task of its own: the stored choice re-renders the banner at once (an external
    // store), which would otherwise lengthen the task that runs every effect of the start.
    const timer = setTimeout(() => {
      // Before the stored choice is read, so that the choice finds the code.
      holdReferral();
      consentServicesLater.startConsentServices();
      restoreConsent();
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    consentServicesLater.recordNavigation(`${pathname}${search}`);
  }, [pathname, search]);

  return <ConsentBanner />;
}
