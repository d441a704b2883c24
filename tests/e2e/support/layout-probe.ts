import type { Locator, Page } from "@playwright/test";

/**
 * In-page probes of the layout suite. `layoutProbe` runs inside the page through
 * `page.evaluate`, so it is self-contained (no imports, no closures over test code); its
 * walks share the helpers that find what floats over an element.
 */

export interface FirstScreenReport {
  /** How far the page scrolls sideways, in CSS pixels (0 when it does not). */
  overflowX: number;
  /** Links, buttons and fields of the first screen that a fixed or sticky element covers. */
  covered: string[];
  /** Height of each fixed or stuck element touching the bottom of the viewport. */
  bottomBars: Array<{ what: string; height: number }>;
  /** The hero's own calls to action that are not wholly on the first screen, or covered. */
  heroNotVisible: string[];
  /** How many hero calls to action the page has (0 on pages without a hero row). */
  heroCount: number;
}

export interface FocusWalkReport {
  /** How many elements took focus. */
  focused: number;
  /** Focused elements that a fixed or stuck element covers. */
  covered: string[];
}

/**
 * Looks at the first screen as a visitor does: sideways scroll, controls covered by
 * anything fixed or stuck, bars at the bottom, and the hero's calls to action.
 */
export async function probeFirstScreen(page: Page): Promise<FirstScreenReport> {
  const walk: Walk = "firstScreen";
  return (await page.evaluate(layoutProbe, walk)) as FirstScreenReport;
}

/**
 * Tabs through the page: focuses every focusable element in document order and reports
 * each one that a fixed or stuck element covers (WCAG 2.4.11). When something floats over
 * it, the page first gets two animation frames to react, as it would after a Tab (the chat
 * bubble and the trial bar re-check on the next frame).
 * Focusing scrolls the element into view exactly as the Tab key does, honouring
 * scroll-padding; doing it in one evaluate keeps a page's walk to a single round trip.
 */
export async function probeFocusWalk(page: Page): Promise<FocusWalkReport> {
  const walk: Walk = "focusWalk";
  return (await page.evaluate(layoutProbe, walk)) as FocusWalkReport;
}

/**
 * After a key press: the element that has keyboard focus, and what fixed or stuck element
 * covers its centre once the page has had two frames to react (as `probeFocusWalk` checks).
 */
export async function probeFocusedElement(page: Page): Promise<FocusedReport> {
  const walk: Walk = "focused";
  return (await page.evaluate(layoutProbe, walk)) as FocusedReport;
}

export interface FocusedReport {
  /** The focused element, described; null when focus is on the page itself. */
  focused: string | null;
  /** What covers it, if anything. */
  coveredBy: string | null;
}

/**
 * The fixed or stuck bars touching the bottom of the viewport where the page is scrolled to
 * now: the trial bar is stuck only once the hero has scrolled away, never on a first screen.
 */
export async function probeBottomBars(page: Page): Promise<FirstScreenReport["bottomBars"]> {
  const walk: Walk = "bottomBars";
  const report = (await page.evaluate(layoutProbe, walk)) as Pick<FirstScreenReport, "bottomBars">;
  return report.bottomBars;
}

type Walk = "firstScreen" | "focusWalk" | "focused" | "bottomBars";

async function layoutProbe(
  walk: Walk,
): Promise<
  FirstScreenReport | FocusWalkReport | FocusedReport | Pick<FirstScreenReport, "bottomBars">
> {
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const described = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}"`;
  const under = (element: Element, floating: Element) =>
    `${described(element)} under ${floating.tagName.toLowerCase()}.${floating.className}`;

  /** The fixed ancestor of an element, or a sticky one that currently sits off its place. */
  const floatingAncestor = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return node;
    }
    return null;
  };

  /** The fixed or stuck element of another subtree on top at any of `points`, if any. */
  const floatingOver = (element: Element, points: Array<[number, number]>): Element | null => {
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= viewportWidth || y >= viewportHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || element.contains(top) || top.contains(element)) continue;
      const floating = floatingAncestor(top);
      if (floating && !floating.contains(element)) return floating;
    }
    return null;
  };

  /** Sample points inside a rectangle (the centre and four points 3 px in from the corners). */
  const samplePoints = (rect: DOMRect): Array<[number, number]> => {
    const inset = Math.min(3, rect.width / 4, rect.height / 4);
    return [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + inset, rect.top + inset],
      [rect.right - inset, rect.top + inset],
      [rect.left + inset, rect.bottom - inset],
      [rect.right - inset, rect.bottom - inset],
    ];
  };
  const coveredBy = (element: Element) =>
    floatingOver(element, samplePoints(element.getBoundingClientRect()));

  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  /** What floats over an element's centre (clamped into the viewport), if any. */
  const overCentre = (element: Element): Element | null => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), viewportWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), viewportHeight - 1);
    return floatingOver(element, [[x, y]]);
  };

  if (walk === "focused") {
    const element = document.activeElement;
    if (!element || element === document.body) return { focused: null, coveredBy: null };
    await frame();
    await frame();
    const floating = overCentre(element);
    return {
      focused: described(element),
      coveredBy: floating ? `${floating.tagName.toLowerCase()}.${floating.className}` : null,
    };
  }

  if (walk === "focusWalk") {
    const FOCUSABLE =
      "a[href], button:not([disabled]), input:not([type='hidden']):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
    const covered: string[] = [];
    let focused = 0;
    const candidates = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
      element.checkVisibility({ visibilityProperty: true }),
    );
    for (const element of candidates) {
      element.focus();
      if (document.activeElement !== element) continue;
      focused += 1;
      if (!overCentre(element)) continue;
      // Something floats over it: give the page the frames it takes to react, as after a Tab.
      await frame();
      await frame();
      const floating = overCentre(element);
      if (floating) covered.push(under(element, floating));
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { focused, covered };
  }

  const bottomBars: FirstScreenReport["bottomBars"] = [];
  for (const element of document.querySelectorAll("body *")) {
    const style = getComputedStyle(element);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || !element.checkVisibility({ visibilityProperty: true })) continue;
    // Touching the bottom edge and at least half the screen wide: a bar, not the bubble.
    if (Math.abs(rect.bottom - viewportHeight) <= 2 && rect.width >= viewportWidth / 2) {
      bottomBars.push({ what: described(element), height: rect.height });
    }
  }

  if (walk === "bottomBars") return { bottomBars };

  const CONTROLS =
    "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [tabindex]:not([tabindex='-1'])";
  const covered: string[] = [];
  for (const control of document.querySelectorAll(CONTROLS)) {
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.bottom <= 0 || rect.top >= viewportHeight) continue;
    if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const by = coveredBy(control);
    if (by) covered.push(under(control, by));
  }

  const heroControls = [
    ...document.querySelectorAll("[data-hero-actions] a, [data-hero-actions] button"),
  ];
  const heroNotVisible: string[] = [];
  for (const control of heroControls) {
    const rect = control.getBoundingClientRect();
    const onScreen =
      rect.top >= 0 &&
      rect.left >= 0 &&
      rect.bottom <= viewportHeight &&
      rect.right <= viewportWidth;
    if (!onScreen)
      heroNotVisible.push(
        `${described(control)} at ${Math.round(rect.top)}-${Math.round(rect.bottom)}`,
      );
    else if (coveredBy(control)) heroNotVisible.push(`${described(control)} covered`);
  }

  return {
    overflowX: document.documentElement.scrollWidth - viewportWidth,
    covered,
    bottomBars,
    heroNotVisible,
    heroCount: heroControls.length,
  };
}

/** Each link's top edge and width under `container`, rounded to whole pixels: rows and widths of a button group. */
export function linkBoxes(container: Locator): Promise<Array<{ top: number; width: number }>> {
  return container.getByRole("link").evaluateAll((links) =>
    links.map((link) => {
      const rect = link.getBoundingClientRect();
      return { top: Math.round(rect.top), width: Math.round(rect.width) };
    }),
  );
}

/**
 * Words of six letters or more that the layout split across two lines with no hyphen to
 * show it: a long German compound breaking as 'Nutzungsbedingun' over 'gen'. Headless
 * Chromium on Linux has no hyphenation dictionaries, so `hyphens: auto` cannot help there;
 * a soft hyphen in the catalogue can. Each as `tag: word`.
 */
export function probeBrokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      // Identifiers (a cookie's name) have nowhere to hyphenate.
      if (!element?.checkVisibility() || element.closest(".visually-hidden, code")) continue;
      const text = node.textContent ?? "";
      // A letter's own box is its range's last rect: at the start of a line Chromium also
      // reports one at the end of the line before.
      const lineOf = (offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return Math.round([...range.getClientRects()].at(-1)?.top ?? 0);
      };
      for (const match of text.matchAll(/[^\s\u00a0\u202f\u00ad-]{6,}/g)) {
        if (lineOf(match.index) !== lineOf(match.index + match[0].length - 1))
          broken.add(`${element.tagName.toLowerCase()}: ${match[0]}`);
      }
    }
    return [...broken];
  });
}

/** A trial button on screen: its text and where it sits (header, main, aside for the trial bar). */
export interface TrialButtonInView {
  text: string;
  place: string;
}

/**
 * The trial (register) buttons a visitor sees on the current screen: links to the sign-up
 * page drawn as buttons (not text links such as the footer's) and at least partly inside
 * the viewport.
 */
export function probeTrialButtonsInView(
  page: Page,
  registerUrl: string,
): Promise<TrialButtonInView[]> {
  return page.evaluate((href) => {
    const seen: Array<{ text: string; place: string }> = [];
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      if (link.href !== href || !link.checkVisibility({ visibilityProperty: true })) continue;
      // A button has a fill or an outline; a text link (the footer's 'Register') has neither.
      const style = getComputedStyle(link);
      const isFilled = style.backgroundColor !== "rgba(0, 0, 0, 0)";
      const isOutlined =
        style.borderTopStyle !== "none" && Number.parseFloat(style.borderTopWidth) > 0;
      if (!isFilled && !isOutlined) continue;
      const rect = link.getBoundingClientRect();
      const isInView =
        rect.width > 0 &&
        rect.bottom > 0 &&
        rect.right > 0 &&
        rect.top < window.innerHeight &&
        rect.left < document.documentElement.clientWidth;
      if (!isInView) continue;
      const place = link.closest("header, main, aside, footer, [popover]")?.tagName.toLowerCase();
      seen.push({ text: (link.textContent ?? "").trim(), place: place ?? "body" });
    }
    return seen;
  }, registerUrl);
}
