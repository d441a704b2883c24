/**
 * The part of "no dead taps" (docs/decisions/0009) that must run before the app: an inline
 * script in every page's head that keeps what the visitor does with a control that needs
 * the app, so the app can do it once it has started (see replay.ts). Its text is constant,
 * so its CSP hash is the same on every page.
 *
 * What it keeps, in order:
 * - clicks (and Enter/Space, which browsers turn into clicks) on buttons, radios and
 *   checkboxes; not on submit buttons of a form (the form posts without the app), and not
 *   on controls the platform already serves here: `popovertarget` where popovers exist and
 *   `commandfor` where invoker commands exist;
 * - what is typed into fields (the last value of each run of input events);
 * - arrow, Home and End keys on tabs, whose default (scrolling) it prevents.
 * Links and `<summary>` are not kept: the browser follows and opens them by itself.
 * Until the start it also mirrors each popover's state onto `aria-expanded` of the buttons
 * that open it, as the app does after it: the menu toggle shows its close icon from that
 * attribute alone, so the stylesheet needs no `:has()` on the popover's state, whose
 * matching restyled the header in the frame of every tap on the toggle (decision record 29).
 *
 * When the app starts (`handOver`), React takes over the page, except the parts whose code
 * comes after the start (LATER_PART_ATTRIBUTE, decision record 0012): React drops an event
 * on a part it cannot hydrate yet, so the script keeps the actions made in such a part until
 * the app marks it live, and stops them from reaching React. `stop` ends the capture.
 *
 * The consent banner of a first visit is not kept but done at once. 'Accept all', 'Reject
 * all' and the settings layer's 'Save' store the choice in the consent cookie, as the app
 * would, and mark the root as the head's consent probe does for a stored record, which
 * hides the pending banner. The app then starts as for a returning visitor: it reads the
 * record and starts what it allows. 'Settings' shows the settings layer, which is in the
 * page already, and its switches toggle natively; the app adopts the layer and the
 * switches as it finds them. A decision on the banner is the first tap of most first
 * visits; kept, it would take effect only with the start, a second or more on a slow phone.
 * A choice that grants marketing also stores the referral code the page holds
 * (referral-hold.ts) in its cookie then and there, as the app would, so a visitor who
 * accepts and leaves before the start keeps the referral credit; refusing everything drops
 * the code.
 */
import {
  consentCookieMaxAgeSeconds,
  consentRecordPrefix,
  serializeChoice,
} from "../analytics/consent.ts";
import { CONSENT_STORED_ATTRIBUTE } from "../analytics/consent-probe.ts";
import { CONSENT_COOKIE, CONSENT_VERSION, REFERRER_COOKIE } from "../analytics/constants.ts";
import { REFERRAL_GLOBAL, REFERRER_COOKIE_OPTIONS } from "../analytics/referral-hold.ts";
import { cookieAttributes } from "../cookie-attributes.ts";

/** Global the capture script publishes; the app takes the actions from it before hydrating. */
export const EARLY_ACTIONS_GLOBAL = "__earlyActions";

/**
 * Set on a control whose tap is kept, until the app carries it out: the stylesheet gives it
 * a pressed look, so a visitor sees the tap was taken and does not tap again. React does not
 * manage the attribute, so the replay removes it.
 */
export const EARLY_PENDING_ATTRIBUTE = "data-early-pending";

/**
 * On the consent banner's 'Accept all' and 'Reject all': their choice (`serializeChoice`),
 * which the capture script stores itself while the banner is pending, before the start.
 */
export const EARLY_CONSENT_ATTRIBUTE = "data-early-consent";

/**
 * The value of EARLY_CONSENT_ATTRIBUTE on the settings layer's 'Save': the choice is the
 * state of the banner's switches (their `name` is the category: CONSENT_SWITCH_NAMES).
 */
export const CHOICE_FROM_SWITCHES = "switches";

/** The `name` of the settings layer's switch for each optional category. */
export const CONSENT_SWITCH_NAMES = { analytics: "analytics", marketing: "marketing" } as const;

/**
 * Every state of the switches, as the capture script reads them (analytics, then marketing,
 * "1" for on), and the choice `serializeChoice` writes for it.
 */
const CHOICE_BY_SWITCHES = Object.fromEntries(
  [false, true].flatMap((analytics) =>
    [false, true].map((marketing) => [
      `${Number(analytics)}${Number(marketing)}`,
      serializeChoice({ analytics, marketing }),
    ]),
  ),
);

/** The choices that grant marketing, under which the referral cookie is stored. */
const MARKETING_CHOICES = [false, true].map((analytics) =>
  serializeChoice({ analytics, marketing: true }),
);

/**
 * On the consent banner's 'Settings': the layer (`data-view`) the capture script shows at
 * once while the banner is pending. The app adopts a banner it finds on that layer.
 */
export const EARLY_VIEW_ATTRIBUTE = "data-early-view";

/**
 * On the element around a part of the page whose code arrives after the start
 * (`LaterPart`): the script keeps actions in it until the app has hydrated it.
 */
export const LATER_PART_ATTRIBUTE = "data-later-part";

/** The controls the script keeps actions for; also what an action's fallback key counts. */
export const EARLY_CONTROLS = "button,input,select,textarea";

export const EARLY_CAPTURE_SCRIPT = `(() => {
  const actions = [];
  const live = new WeakSet();
  let started = false;
  const popovers = Object.prototype.hasOwnProperty.call(HTMLElement.prototype, "popover");
  const commands = "commandForElement" in HTMLButtonElement.prototype;
  const checkable = /^(radio|checkbox)$/;
  const control = (event) => {
    const el = event.target instanceof Element ? event.target.closest("${EARLY_CONTROLS}") : null;
    if (!el || !started) return el;
    const part = el.closest("[${LATER_PART_ATTRIBUTE}]");
    if (!part || live.has(part)) return null;
    event.stopImmediatePropagation();
    return el;
  };
  const keyOf = (el) =>
    el.id ? "#" + el.id : String([...document.querySelectorAll("${EARLY_CONTROLS}")].indexOf(el));
  const keep = (type, el, extra) => actions.push({ type, el, key: keyOf(el), ...extra });
  const pendingBanner = (el, attribute) => {
    const banner = el.hasAttribute(attribute) ? el.closest("[data-pending]") : null;
    return banner && !document.documentElement.hasAttribute("${CONSENT_STORED_ATTRIBUTE}") ? banner : null;
  };
  const showView = (el) => {
    const banner = pendingBanner(el, "${EARLY_VIEW_ATTRIBUTE}");
    if (!banner) return false;
    banner.setAttribute("data-view", el.getAttribute("${EARLY_VIEW_ATTRIBUTE}"));
    banner.querySelector("[data-autofocus]")?.focus();
    return true;
  };
  const switchedOn = (banner, name) => banner.querySelector('input[name="' + name + '"]')?.checked ? "1" : "0";
  const decideConsent = (el) => {
    const banner = pendingBanner(el, "${EARLY_CONSENT_ATTRIBUTE}");
    if (!banner) return false;
    let choice = el.getAttribute("${EARLY_CONSENT_ATTRIBUTE}");
    if (choice === "${CHOICE_FROM_SWITCHES}") {
      choice = ${JSON.stringify(CHOICE_BY_SWITCHES)}[switchedOn(banner, "${CONSENT_SWITCH_NAMES.analytics}") + switchedOn(banner, "${CONSENT_SWITCH_NAMES.marketing}")];
    }
    const root = document.documentElement;
    const hadFocus = banner.contains(document.activeElement);
    const record = "${consentRecordPrefix(CONSENT_VERSION, "TIME")}".replace("TIME", Date.now()) + choice;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = "${CONSENT_COOKIE}=" + encodeURIComponent(record) + "${cookieAttributes({ maxAgeSeconds: consentCookieMaxAgeSeconds() })}" + secure;
    const referral = window.${REFERRAL_GLOBAL};
    if (referral && referral.code && ${JSON.stringify(MARKETING_CHOICES)}.includes(choice)) {
      document.cookie = "${REFERRER_COOKIE}=" + encodeURIComponent(referral.code) + "${cookieAttributes(REFERRER_COOKIE_OPTIONS)}" + secure;
    } else if (referral && choice === "${serializeChoice({ analytics: false, marketing: false })}") {
      referral.code = null;
    }
    root.setAttribute("${CONSENT_STORED_ATTRIBUTE}", "");
    const main = document.getElementById("main");
    if (hadFocus && main) main.focus({ preventScroll: true });
    return true;
  };
  const onClick = (event) => {
    const el = control(event);
    if (!el || el.matches(":disabled") || (el.type === "submit" && el.form)) return;
    if (el.localName !== "button" && !checkable.test(el.type)) return;
    if (popovers && el.hasAttribute("popovertarget")) return;
    if (commands && el.hasAttribute("commandfor")) return;
    // The banner's switches: the app adopts their state with the settings layer.
    if (checkable.test(el.type) && el.closest("[data-pending]")) return;
    if (showView(el) || decideConsent(el)) return;
    el.setAttribute("${EARLY_PENDING_ATTRIBUTE}", "");
    keep("click", el, { checked: el.checked === true });
  };
  const onInput = (event) => {
    const el = control(event);
    if (!el || checkable.test(el.type) || el.localName === "button") return;
    const last = actions[actions.length - 1];
    if (last && last.type === "input" && last.el === el) last.value = el.value;
    else keep("input", el, { value: el.value });
  };
  const onKeyDown = (event) => {
    const el = control(event);
    if (!el || el.getAttribute("role") !== "tab" || !/^(Arrow|Home$|End$)/.test(event.key)) return;
    event.preventDefault();
    keep("key", el, { value: event.key });
  };
  const onToggle = (event) => {
    // Every <details> sends toggle too: only a popover has buttons that open it.
    if (started || !popovers || !(event.target instanceof HTMLElement) || !event.target.hasAttribute("popover")) return;
    for (const invoker of document.querySelectorAll("[popovertarget]")) {
      if (invoker.popoverTargetElement === event.target) invoker.setAttribute("aria-expanded", String(event.newState === "open"));
    }
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("input", onInput, true);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("toggle", onToggle, true);
  window.${EARLY_ACTIONS_GLOBAL} = {
    actions,
    handOver() {
      started = true;
      return actions.splice(0);
    },
    live(part) {
      live.add(part);
    },
    stop() {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("input", onInput, true);
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("toggle", onToggle, true);
      return actions.splice(0);
    },
  };
})();`;
