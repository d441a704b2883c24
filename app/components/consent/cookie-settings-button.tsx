import { reopenConsent } from "../../browser/consent-store.ts";
import { useT } from "../../hooks/use-t.ts";

/** The footer's Cookie settings: reopens the consent banner at any time. */
export function CookieSettingsButton() {
  const t = useT();
  return (
    <button type="button" className="cookie-settings-button" onClick={() => reopenConsent()}>
      {t("consent.footer.cookieSettings")}
    </button>
  );
}
