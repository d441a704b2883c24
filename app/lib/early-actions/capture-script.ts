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
 *
 * When the app starts (`handOver`), React takes over the page, except the parts whose code
 * comes after the start (LATER_PART_ATTRIBUTE, decision record 0012): React drops an event
 * on a part it cannot hydrate yet, so the script keeps the actions made in such a part until
 * the app marks it live, and stops them from reaching React. `stop` ends the capture.
 *
 * One tap is not kept but done at once: 'Accept all' or 'Reject all' on the consent banner
 * of a first visit. The script stores the choice in the consent cookie, as the app would,
 * and marks the root as the head's consent probe does for a stored record, which hides the
 * pending banner. The app then starts as for a returning visitor: it reads the record and
 * starts what it allows. A decision on the banner is the first tap of most first visits;
 * kept, it would close the banner only with the start, a second or more on a slow phone.
 */
import { consentCookieMaxAgeSeconds, consentRecordPrefix } from "../analytics/consent.ts";
import { CONSENT_STORED_ATTRIBUTE } from "../analytics/consent-probe.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "../analytics/constants.ts";
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
  const decideConsent = (el) => {
    const choice = el.getAttribute("${EARLY_CONSENT_ATTRIBUTE}");
    const banner = choice === null ? null : el.closest("[data-pending]");
    const root = document.documentElement;
    if (!banner || root.hasAttribute("${CONSENT_STORED_ATTRIBUTE}")) return false;
    const hadFocus = banner.contains(document.activeElement);
    const record = "${consentRecordPrefix(CONSENT_VERSION, "TIME")}".replace("TIME", Date.now()) + choice;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = "${CONSENT_COOKIE}=" + encodeURIComponent(record) + "${cookieAttributes({ maxAgeSeconds: consentCookieMaxAgeSeconds() })}" + secure;
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
    if (decideConsent(el)) return;
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
  document.addEventListener("click", onClick, true);
  document.addEventListener("input", onInput, true);
  document.addEventListener("keydown", onKeyDown, true);
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
      return actions.splice(0);
    },
  };
})();`;
