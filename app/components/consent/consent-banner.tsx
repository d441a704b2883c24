import { useId, useLayoutEffect, useRef, useState } from "react";
import { afterNextPaint } from "../../browser/after-next-paint.ts";
import {
  decideConsent,
  showConsentSettings,
  takeEarlyConsentSettings,
} from "../../browser/consent-store.ts";
import { useBannerHeight } from "../../hooks/use-banner-height.ts";
import { useConsent } from "../../hooks/use-consent.ts";
import { useT } from "../../hooks/use-t.ts";
import {
  type ConsentChoice,
  FULL_CONSENT,
  NO_CONSENT,
  serializeChoice,
} from "../../lib/analytics/consent.ts";
import {
  CHOICE_FROM_SWITCHES,
  CONSENT_SWITCH_NAMES,
  EARLY_CONSENT_ATTRIBUTE,
  EARLY_VIEW_ATTRIBUTE,
} from "../../lib/early-actions/capture-script.ts";
import { LEGAL_LINKS } from "../../lib/navigation.ts";
import { SmartLink } from "../ui/smart-link.tsx";
import { ConsentCategory } from "./consent-category.tsx";

/** Set on the banner by a choice, which hides it at once (consent.css); React then removes it. */
const CLOSING_ATTRIBUTE = "data-closing";

/**
 * The consent banner (issue 7): a non-modal region fixed at the bottom, shown on the first
 * visit, when the stored choice is outdated, or from the footer's Cookie settings. Until
 * the stored record has been read (prerendering and hydration) it renders its first layer
 * as pending: painted with the page for a first visit, hidden by the stylesheet when the
 * head's consent probe found a stored record (see consent-probe.ts). Both layers are in the
 * page and `data-view` shows one, so that the head's capture script can serve the banner
 * before the app has started (capture-script.ts): it shows the settings layer, and stores
 * a choice and hides the pending banner at once. The app adopts a banner it finds on the
 * settings layer, with its switches as the visitor left them.
 * First layer: Accept all, Reject all and Settings, of equal weight; the
 * settings layer has unticked analytics and marketing switches. It never traps focus, and
 * the page keeps room below its content so nothing is hidden behind it.
 */
export function ConsentBanner() {
  const t = useT();
  const consent = useConsent();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [draft, setDraft] = useState<ConsentChoice>(NO_CONSENT);
  const [announcement, setAnnouncement] = useState("");
  const isPending = !consent.isReady;
  const view = isPending ? "banner" : consent.view;
  const isOpen = view !== "hidden";
  const decision = consent.decision;
  useBannerHeight(ref, isOpen);

  // Opening the settings layer starts from the switches of a layer the visitor opened
  // before the start, else from the choice in force (unticked on a first visit), and moves
  // focus to its first switch, unless it is on a switch already, remembering where to
  // return it. Before the paint, so that the switches never show another state first.
  useLayoutEffect(() => {
    if (consent.view !== "settings") return;
    setDraft(
      takeEarlyConsentSettings() ??
        (decision ? { analytics: decision.analytics, marketing: decision.marketing } : NO_CONSENT),
    );
    const active = document.activeElement;
    if (active instanceof HTMLElement && !ref.current?.contains(active)) {
      returnFocusTo.current = active;
    }
    if (!ref.current?.querySelector("fieldset")?.contains(active)) {
      ref.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
  }, [consent.view, decision]);

  // The frame that answers the tap only hides the banner. Storing the choice re-renders the
  // banner away, gives back the room kept for it (a layout of the whole page) and starts the
  // services, and all of that waits until that frame is drawn (issue 50: INP).
  const decide = (choice: ConsentChoice) => {
    const banner = ref.current;
    const hadFocus = banner?.contains(document.activeElement) ?? false;
    banner?.setAttribute(CLOSING_ATTRIBUTE, "");
    // Stored at once when the visitor leaves the document before that frame (a full
    // navigation right after the tap), so that the choice is never lost.
    let isStored = false;
    const store = () => {
      if (isStored) return;
      isStored = true;
      removeEventListener("pagehide", store);
      decideConsent(choice);
      setAnnouncement(t("consent.status.saved"));
    };
    addEventListener("pagehide", store);
    afterNextPaint(store);
    if (!hadFocus) return;
    const target = returnFocusTo.current ?? document.getElementById("main");
    returnFocusTo.current = null;
    target?.focus({ preventScroll: true });
  };

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {isOpen ? (
        <section
          ref={ref}
          className="consent-banner"
          aria-labelledby={titleId}
          data-view={view}
          data-pending={isPending ? "" : undefined}
        >
          <h2 id={titleId} className="consent-banner__title">
            {t("consent.banner.title")}
          </h2>
          <p className="consent-banner__text">
            {t.rich("consent.banner.text", {
              link: (chunks) => <SmartLink href={LEGAL_LINKS.cookies}>{chunks}</SmartLink>,
            })}
          </p>
          <fieldset className="consent-banner__categories">
            <legend className="visually-hidden">{t("consent.settings.legend")}</legend>
            <div className="consent-category consent-category--fixed">
              <div>
                <p className="consent-category__title">{t("consent.settings.necessary.title")}</p>
                <p className="consent-category__text">{t("consent.settings.necessary.text")}</p>
              </div>
              <span className="consent-category__always">
                {t("consent.settings.necessary.state")}
              </span>
            </div>
            <ConsentCategory
              name={CONSENT_SWITCH_NAMES.analytics}
              title={t("consent.settings.analytics.title")}
              text={t("consent.settings.analytics.text")}
              isChecked={draft.analytics}
              isAutofocus
              onChange={(analytics) => setDraft({ ...draft, analytics })}
            />
            <ConsentCategory
              name={CONSENT_SWITCH_NAMES.marketing}
              title={t("consent.settings.marketing.title")}
              text={t("consent.settings.marketing.text")}
              isChecked={draft.marketing}
              onChange={(marketing) => setDraft({ ...draft, marketing })}
            />
          </fieldset>
          <div className="consent-banner__actions">
            <button
              type="button"
              className="consent-banner__button"
              {...{ [EARLY_CONSENT_ATTRIBUTE]: serializeChoice(FULL_CONSENT) }}
              onClick={() => decide(FULL_CONSENT)}
            >
              {t("consent.banner.acceptAll")}
            </button>
            <button
              type="button"
              className="consent-banner__button"
              {...{ [EARLY_CONSENT_ATTRIBUTE]: serializeChoice(NO_CONSENT) }}
              onClick={() => decide(NO_CONSENT)}
            >
              {t("consent.banner.rejectAll")}
            </button>
            <button
              type="button"
              className="consent-banner__button consent-banner__save"
              {...{ [EARLY_CONSENT_ATTRIBUTE]: CHOICE_FROM_SWITCHES }}
              onClick={() => decide(draft)}
            >
              {t("consent.banner.save")}
            </button>
            <button
              type="button"
              className="consent-banner__button consent-banner__open-settings"
              {...{ [EARLY_VIEW_ATTRIBUTE]: "settings" }}
              onClick={() => showConsentSettings()}
            >
              {t("consent.banner.settings")}
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
