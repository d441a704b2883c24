import {
  navigationDataLayerEntry,
  trackingDataLayerEntry,
} from "../lib/analytics/analytics-events.ts";
import { analyticsSetup, isLocalhostName } from "../lib/analytics/analytics-setup.ts";
import {
  type ConsentChoice,
  type ConsentState,
  FULL_CONSENT,
  grantedChoice,
  NO_CONSENT,
  withdrawnCategories,
} from "../lib/analytics/consent.ts";
import { CHAT_IDLE_TIMEOUT_MS, REFERRER_COOKIE } from "../lib/analytics/constants.ts";
import { namesToRemove } from "../lib/analytics/cookie-cleanup.ts";
import { normalizeReferralCode, parseReferrer } from "../lib/analytics/referrer.ts";
import { addTrackingSink } from "../lib/analytics/tracking-event.ts";
import type { BuildConfig } from "../lib/build-config.ts";
import { DEPLOYMENT } from "../lib/site-deployment.ts";
import { afterNextPaint } from "./after-next-paint.ts";
import {
  identifyReferral,
  recordNavigation as recordAnalyticsNavigation,
  startAnalytics,
  stopAnalytics,
} from "./analytics-client.ts";
import { onChatInterest } from "./chat.ts";
import { loadChatWidget } from "./chat-widget.ts";
import { getConsentState, subscribeToConsent } from "./consent-store.ts";
import { cookieNames, deleteCookie, readCookie } from "./cookies.ts";
import { pushConsentDefaults, pushConsentUpdate, pushToDataLayer } from "./data-layer.ts";
import { hasInjectedScripts } from "./inject-script.ts";
import { loadLinkedInInsight } from "./linkedin-insight.ts";
import { referralCode, releaseReferral } from "./referral.ts";
import { loadTagManager } from "./tag-manager.ts";

let applied: ConsentChoice = NO_CONSENT;
let removeDataLayerSink: (() => void) | null = null;
let removeChatInterest: (() => void) | null = null;
let isStarted = false;
/** The speed report's chunk, asked for once analytics consent is given. */
let vitalsReport: Promise<typeof import("./web-vitals-report.ts")> | null = null;

/**
 * Starts consent-gated services once per page (after hydration): Consent Mode defaults
 * first, then whatever the stored choice allows, then every later change. The referral
 * code of the landing URL is held by referral.ts, which also writes its cookie.
 */
export function startConsentServices(): void {
  if (isStarted) return;
  isStarted = true;
  pushConsentDefaults();
  // A choice closes the banner at once (the store's other listeners); what it starts or
  // stops waits for the frame that shows it, so that the tap answers within one paint
  // (issue 50: 'Accept all' spent half its processing here). The choice is read when the
  // work runs, so choices made in between are applied once, as the last one left them.
  subscribeToConsent(() => afterNextPaint(() => handleChange(getConsentState())));
  handleChange(getConsentState());
}

function handleChange(state: ConsentState): void {
  if (!state.isReady) return;
  const next = grantedChoice(state);
  sweepUngrantedData();
  if (!state.decision) return;
  const previous = applied;
  applied = next;
  pushConsentUpdate(next);
  const withdrawn = withdrawnCategories(previous, next);
  if (withdrawn.length > 0) {
    void withdraw(withdrawn);
    return;
  }
  if (next.marketing && !previous.marketing) startMarketing();
  if (next.analytics && !previous.analytics) startAnalyticsServices();
  if ((next.analytics || next.marketing) && !(previous.analytics || previous.marketing)) {
    startTagManager();
  }
}

let isSweepScheduled = false;

/**
 * Cookies and stored keys of categories not granted never stay, including ones left from
 * an expired choice. The sweep reads the whole of localStorage, the costliest step of the
 * start on a slow phone, so it runs in a task of its own, with the choice as it is then.
 */
function sweepUngrantedData(): void {
  if (isSweepScheduled) return;
  isSweepScheduled = true;
  setTimeout(() => {
    isSweepScheduled = false;
    removeStoredData(withdrawnCategories(FULL_CONSENT, grantedChoice(getConsentState())));
  }, 0);
}

function hostname(): string {
  return window.location.hostname;
}

function startAnalyticsServices(): void {
  const code = referralCode() ?? normalizeReferralCode(readCookie(REFERRER_COOKIE));
  if (code) identifyReferral(parseReferrer(code));
  releaseReferral();
  afterNextPaint(() => startAnalytics(analyticsSetup(hostname())));
  startVitalsReport();
  // A build without a chat property has no chat (and shows no bubble).
  if (DEPLOYMENT.chat && !isLocalhostName(hostname())) scheduleChat(DEPLOYMENT.chat);
}

function startMarketing(): void {
  // The referral cookie (attribution, so marketing) is written by referral.ts at the decision.
  const partnerId = DEPLOYMENT.linkedInPartnerId;
  if (partnerId && !isLocalhostName(hostname())) {
    afterNextPaint(() => loadLinkedInInsight(partnerId));
  }
}

function startTagManager(): void {
  removeDataLayerSink = addTrackingSink((event) => pushToDataLayer(trackingDataLayerEntry(event)));
  // The data layer still records events; only the container needs an id.
  const containerId = DEPLOYMENT.tagManagerId;
  if (containerId && !isLocalhostName(hostname())) {
    afterNextPaint(() => loadTagManager(containerId));
  }
}

/**
 * Field speed figures to the site's own server (decision record 0029): its chunk is asked
 * for only now, with analytics consent; one that fails to load is asked for again by the
 * next consent.
 */
function startVitalsReport(): void {
  vitalsReport ??= import("./web-vitals-report.ts");
  vitalsReport.then(
    (report) => report.startVitalsReport(),
    (error: unknown) => {
      vitalsReport = null;
      console.warn("[vitals] the speed report did not load", error);
    },
  );
}

/** SPEC §7: the chat loads on the first interaction with the bubble, or when idle after load. */
function scheduleChat(chat: NonNullable<BuildConfig["chat"]>): void {
  const load = (wantsToOpen: boolean) => {
    removeChatInterest?.();
    removeChatInterest = null;
    loadChatWidget(chat, wantsToOpen);
  };
  removeChatInterest = onChatInterest(load);
  afterLoadWhenIdle(() => load(false));
}

/**
 * Withdrawal: analytics stops, the withdrawn categories' cookies and stored events go.
 * Scripts already running cannot be unloaded, so the page reloads when any was injected;
 * otherwise the categories still granted carry on.
 */
async function withdraw(categories: Array<keyof ConsentChoice>): Promise<void> {
  if (categories.includes("analytics")) {
    // Before anything is awaited: the reload below hides the page, which would report it.
    void vitalsReport?.then((report) => report.stopVitalsReport());
    await stopAnalytics();
  }
  if (!applied.analytics && !applied.marketing) {
    removeDataLayerSink?.();
    removeDataLayerSink = null;
  }
  if (!applied.analytics) {
    removeChatInterest?.();
    removeChatInterest = null;
  }
  removeStoredData(categories);
  if (hasInjectedScripts()) window.location.reload();
}

function removeStoredData(categories: Array<keyof ConsentChoice>): void {
  if (categories.length === 0) return;
  for (const name of namesToRemove(cookieNames(), categories)) deleteCookie(name);
  for (const key of namesToRemove(Object.keys(window.localStorage), categories)) {
    window.localStorage.removeItem(key);
  }
}

/** Records a route change for analytics and the tag manager (when allowed). */
export function recordNavigation(path: string): void {
  recordAnalyticsNavigation(path);
  if (applied.analytics || applied.marketing) pushToDataLayer(navigationDataLayerEntry(path));
}

function afterLoadWhenIdle(run: () => void): void {
  const idle = () => {
    if ("requestIdleCallback" in window) {
      window.requestIdleCallback(run, { timeout: CHAT_IDLE_TIMEOUT_MS });
    } else {
      setTimeout(run, CHAT_IDLE_TIMEOUT_MS);
    }
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
