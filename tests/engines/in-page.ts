/**
 * Runs inside the page, in both engines: Puppeteer and Selenium serialise this function
 * with `toString()` and call it there, so it must not close over anything outside itself.
 * Finds elements the way a visitor names them (role and accessible name, a simplified
 * version of the ARIA rules that covers the site's markup) and reads page state.
 */
export type Role =
  | "button"
  | "link"
  | "textbox"
  | "spinbutton"
  | "combobox"
  | "dialog"
  | "navigation"
  | "region"
  | "heading"
  | "option"
  | "contentinfo";

export interface Target {
  role: Role;
  /** The accessible name; whitespace is collapsed before comparing. */
  name: string | { includes: string };
  /** Only inside the first visible element that matches this. */
  within?: Target;
}

export interface PageState {
  /** React Router has started the app (it sets this global when it hydrates). */
  started: boolean;
  errors: string[];
  violations: string[];
  /** `document.documentElement`'s scroll and client widths: more scroll width is sideways scroll. */
  scrollWidth: number;
  clientWidth: number;
  innerWidth: number;
  lang: string;
  path: string;
  h1: string;
  /** `document.cookie`: what scripts can read. */
  cookies: string;
  /** The engine supports invoker commands (`commandfor`). */
  invokers: boolean;
}

/** `op`: find, point, invoke, visible, value, text, resource (loaded yet?) or state. */
export function inPage(op: string, arg: unknown): unknown {
  const SELECTORS: Record<string, string> = {
    button: "button, summary, [role=button], input[type=button], input[type=submit]",
    link: "a[href], [role=link]",
    textbox:
      "input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], textarea, [role=textbox]",
    spinbutton: "input[type=number], [role=spinbutton]",
    combobox: "select, [role=combobox]",
    dialog: "dialog, [role=dialog]",
    navigation: "nav, [role=navigation]",
    region: "section[aria-label], section[aria-labelledby], [role=region]",
    heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
    option: "option, [role=option]",
    contentinfo: "body > footer, [role=contentinfo], body > * > footer",
  };
  const collapse = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => collapse(document.getElementById(id)?.textContent))
      .join(" ");
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) return collapse(byIds(labelledBy));
    const label = element.getAttribute("aria-label");
    if (label) return collapse(label);
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      const labels = element.labels ? Array.from(element.labels) : [];
      if (labels.length > 0) return collapse(labels.map((item) => item.textContent).join(" "));
      return collapse(element.getAttribute("title") ?? element.getAttribute("placeholder"));
    }
    if (element instanceof HTMLDialogElement || element.getAttribute("role") === "dialog") {
      return "";
    }
    // innerText is empty where the first render skipped the element (decision record 0015).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asked for
    return collapse((element as HTMLElement).innerText) || collapse(element.textContent);
  };
  const isVisible = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions) &&
    element.getClientRects().length > 0;
  const matches = (element: Element, name: Target["name"]) => {
    const actual = nameOf(element);
    return typeof name === "string"
      ? actual === collapse(name)
      : actual.includes(collapse(name.includes));
  };
  const findAll = (target: Target, onlyVisible: boolean): Element[] => {
    const scopes: ParentNode[] = target.within
      ? findAll(target.within, true).slice(0, 1)
      : [document];
    return scopes.flatMap((scope) =>
      Array.from(scope.querySelectorAll(SELECTORS[target.role] ?? target.role)).filter(
        (element) => matches(element, target.name) && (!onlyVisible || isVisible(element)),
      ),
    );
  };

  if (op === "find" || op === "point") {
    const found = findAll(arg as Target, true)[0];
    if (!found) throw new Error(`no visible ${JSON.stringify(arg)}`);
    // A visitor scrolls what they want to the middle of the screen; WebDriver scrolls it to
    // the bottom edge, under the consent banner.
    found.scrollIntoView({ block: "center", inline: "nearest" });
    if (op === "find") return found;
    const box = found.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }
  if (op === "invoke") {
    // What `commandfor` + `command="show-modal"` does, for an engine without invoker commands.
    const invoker = findAll(arg as Target, true)[0];
    const id = invoker?.getAttribute("commandfor");
    const target = id ? document.getElementById(id) : null;
    if (!(target instanceof HTMLDialogElement))
      throw new Error(`no dialog for ${JSON.stringify(arg)}`);
    target.showModal();
    return null;
  }
  if (op === "visible") {
    if (findAll(arg as Target, true).length > 0) return true;
    // Without scripts, what the first render left out (content-visibility: auto, decision
    // record 0015) is drawn as it nears the screen: scroll to it as a visitor would, and
    // the next look finds it.
    findAll(arg as Target, false)[0]?.scrollIntoView({ block: "center", inline: "nearest" });
    return false;
  }
  if (op === "value") {
    const found = findAll(arg as Target, true)[0];
    return found && "value" in found ? String(found.value) : null;
  }
  // biome-ignore lint/performance/useDomNodeTextContent: the text a visitor sees, not the DOM's
  if (op === "text") return collapse(document.body.innerText);
  if (op === "resource") {
    return performance
      .getEntriesByType("resource")
      .some((entry) => entry.name.includes(String(arg)));
  }
  const probe = (
    window as unknown as { __engineProbe?: { errors: string[]; violations: string[] } }
  ).__engineProbe;
  const root = document.documentElement;
  return {
    started:
      (window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter !==
      undefined,
    errors: probe ? probe.errors.slice() : ["the error and CSP probe is missing"],
    violations: probe ? probe.violations.slice() : [],
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    innerWidth: window.innerWidth,
    lang: root.lang,
    path: location.pathname + location.search,
    h1: collapse(document.querySelector("h1")?.textContent),
    cookies: document.cookie,
    invokers: "commandForElement" in HTMLButtonElement.prototype,
  } satisfies PageState;
}
