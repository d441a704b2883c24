import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, test } from "vitest";
import { deleteCookie, readCookie } from "../../browser/cookies.ts";
import { ConsentBanner } from "../../components/consent/consent-banner.tsx";
import { I18nProvider } from "../../components/i18n/i18n-provider.tsx";
import {
  consentReducer,
  INITIAL_CONSENT_STATE,
  isConsentValid,
  parseConsent,
  serializeChoice,
} from "../analytics/consent.ts";
import { CONSENT_STORED_ATTRIBUTE, STORED_CONSENT_PROBE } from "../analytics/consent-probe.ts";
import { CONSENT_COOKIE, CONSENT_VERSION, REFERRER_COOKIE } from "../analytics/constants.ts";
import { heldReferralOf, REFERRAL_HOLD_SCRIPT } from "../analytics/referral-hold.ts";
import { loadMessages } from "../i18n/catalog.server.ts";
import { compileMessages } from "../i18n/compile.server.ts";
import { EARLY_ACTIONS_GLOBAL, EARLY_CAPTURE_SCRIPT } from "./capture-script.ts";
import { earlyConsentSettings } from "./consent-settings.ts";
import { takeEarlyActions } from "./replay.ts";

/**
 * 'Accept all', 'Reject all', and 'Settings' then 'Save', on a first visit's banner, tapped
 * before the app has started: the head's capture script shows the settings layer and
 * stores the choice itself (capture-script.ts), in the record the app reads, so the banner
 * closes at the tap and the app starts as it does for a returning visitor.
 */

const messages = compileMessages(loadMessages("en", ["consent", "common"]));

/** The page as prerendered for a first visit: the app's banner, pending, and the main. */
function prerenderedFirstVisit() {
  document.body.innerHTML = renderToString(
    <MemoryRouter>
      <I18nProvider locale="en-GB" messages={messages}>
        <main id="main" tabIndex={-1} />
        <ConsentBanner />
      </I18nProvider>
    </MemoryRouter>,
  );
  new Function(EARLY_CAPTURE_SCRIPT)();
}

function banner(): HTMLElement {
  const found = document.querySelector<HTMLElement>("section[data-view]");
  if (!found) throw new Error("No consent banner");
  return found;
}

function switchFor(name: string): HTMLInputElement {
  const found = banner().querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`No switch '${name}'`);
  return found;
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll("button")].find((el) => el.textContent === name);
  if (!found) throw new Error(`No button '${name}'`);
  return found;
}

/** The record the app reads once it has started, as it would read it. */
function recordTheAppReads() {
  return parseConsent(readCookie(CONSENT_COOKIE));
}

afterEach(() => {
  takeEarlyActions(window);
  delete (window as unknown as Record<string, unknown>)[EARLY_ACTIONS_GLOBAL];
  deleteCookie(CONSENT_COOKIE);
  document.documentElement.removeAttribute(CONSENT_STORED_ATTRIBUTE);
  document.body.innerHTML = "";
});

describe("a consent decision before the start", () => {
  for (const [name, analytics, marketing] of [
    ["Accept all", true, true],
    ["Reject all", false, false],
  ] as const) {
    test(`'${name}' is stored at the tap as the app stores it, and the app adopts it`, () => {
      prerenderedFirstVisit();
      const before = Date.now();
      button(name).focus();
      button(name).click();

      const record = recordTheAppReads();
      expect(record).toMatchObject({ version: CONSENT_VERSION, analytics, marketing });
      expect(record?.decidedAt).toBeGreaterThanOrEqual(before);
      expect(record?.decidedAt).toBeLessThanOrEqual(Date.now());
      expect(isConsentValid(record, Date.now())).toBe(true);
      // The mark the stylesheet hides the pending banner by, as for a returning visitor.
      expect(document.documentElement.hasAttribute(CONSENT_STORED_ATTRIBUTE)).toBe(true);
      // Focus leaves the banner it was in, for the main, as when the app decides.
      expect(document.activeElement?.id).toBe("main");
      // Done, so not kept for the app to do again.
      expect(takeEarlyActions(window)).toEqual([]);

      const started = consentReducer(INITIAL_CONSENT_STATE, {
        type: "restore",
        record,
        now: Date.now(),
      });
      expect(started).toMatchObject({ view: "hidden", isReady: true, decision: record });
    });
  }

  test("the head's consent probe, on the next page, finds the stored choice", () => {
    prerenderedFirstVisit();
    button("Accept all").click();
    document.documentElement.removeAttribute(CONSENT_STORED_ATTRIBUTE);
    new Function(STORED_CONSENT_PROBE)();
    expect(document.documentElement.hasAttribute(CONSENT_STORED_ATTRIBUTE)).toBe(true);
  });

  test("'Settings' shows the settings layer at once, on its first switch, and nothing is kept or stored", () => {
    prerenderedFirstVisit();
    button("Settings").focus();
    button("Settings").click();
    expect(banner().dataset.view).toBe("settings");
    expect(document.activeElement).toBe(switchFor("analytics"));
    expect(readCookie(CONSENT_COOKIE)).toBeNull();
    switchFor("marketing").click();
    expect(switchFor("marketing").checked).toBe(true);
    // The app adopts the layer and the switches as it finds them: nothing to replay.
    expect(takeEarlyActions(window)).toEqual([]);
    expect(earlyConsentSettings(document)).toEqual({ analytics: false, marketing: true });
  });

  test("the app finds no settings layer to adopt on the first layer, or once a choice is stored", () => {
    prerenderedFirstVisit();
    expect(earlyConsentSettings(document)).toBeNull();
    button("Settings").click();
    button("Save choices").click();
    expect(earlyConsentSettings(document)).toBeNull();
  });

  for (const analytics of [false, true]) {
    for (const marketing of [false, true]) {
      test(`'Save' stores the switches' choice as the app would (analytics ${analytics}, marketing ${marketing})`, () => {
        prerenderedFirstVisit();
        button("Settings").click();
        switchFor("analytics").checked = analytics;
        switchFor("marketing").checked = marketing;
        button("Save choices").click();

        expect(recordTheAppReads()).toMatchObject({
          version: CONSENT_VERSION,
          analytics,
          marketing,
        });
        expect(readCookie(CONSENT_COOKIE)).toMatch(
          new RegExp(`&${serializeChoice({ analytics, marketing })}$`),
        );
        expect(document.documentElement.hasAttribute(CONSENT_STORED_ATTRIBUTE)).toBe(true);
        expect(document.activeElement?.id).toBe("main");
        expect(takeEarlyActions(window)).toEqual([]);
      });
    }
  }

  describe("with a referral code held from the landing URL", () => {
    const held = () => heldReferralOf(window);
    const landWithCode = () => {
      window.history.replaceState(null, "", "/?referrer=acme_spring_2024");
      new Function(REFERRAL_HOLD_SCRIPT)();
      prerenderedFirstVisit();
    };
    afterEach(() => {
      const referral = held();
      if (referral) referral.code = null;
      deleteCookie(REFERRER_COOKIE);
      window.history.replaceState(null, "", "/");
    });

    test("'Accept all' stores the referral cookie at the tap, so leaving at once keeps the credit", () => {
      landWithCode();
      button("Accept all").click();
      expect(readCookie(REFERRER_COOKIE)).toBe("acme_spring_2024");
    });

    for (const [analytics, marketing] of [
      [false, true],
      [true, false],
    ] as const) {
      test(`'Save' with marketing ${marketing ? "on" : "off"} (analytics ${analytics ? "on" : "off"}) ${marketing ? "stores" : "does not store"} it`, () => {
        landWithCode();
        button("Settings").click();
        switchFor("analytics").checked = analytics;
        switchFor("marketing").checked = marketing;
        button("Save choices").click();
        expect(readCookie(REFERRER_COOKIE)).toBe(marketing ? "acme_spring_2024" : null);
        // The app, once started, takes the code on (for analytics) or lets it go.
        expect(held()?.code).toBe("acme_spring_2024");
      });
    }

    test("'Reject all' stores nothing and lets the code go: it is not carried any further", () => {
      landWithCode();
      button("Reject all").click();
      expect(readCookie(REFERRER_COOKIE)).toBeNull();
      expect(held()?.code).toBeNull();
    });
  });

  test("while a stored record hides the pending banner, a tap on it decides nothing", () => {
    prerenderedFirstVisit();
    document.documentElement.setAttribute(CONSENT_STORED_ATTRIBUTE, "");
    button("Reject all").click();
    expect(readCookie(CONSENT_COOKIE)).toBeNull();
  });
});
