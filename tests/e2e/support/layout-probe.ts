/**
 * In-page probes of the layout suite. Each runs inside the page through `page.evaluate`,
 * so it is self-contained: no imports, no closures over test code.
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

/**
 * Looks at the first screen as a visitor does: sideways scroll, controls covered by
 * anything fixed or stuck, bars at the bottom, and the hero's calls to action.
 */
export function probeFirstScreen(): FirstScreenReport {
  const CONTROLS =
    "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [tabindex]:not([tabindex='-1'])";
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}"`;

  /** The fixed ancestor of an element, or a sticky one that currently sits off its place. */
  const floatingAncestor = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return node;
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

  /** What covers the element, if a fixed or sticky element of another subtree does. */
  const coveredBy = (element: Element): Element | null => {
    const rect = element.getBoundingClientRect();
    for (const [x, y] of samplePoints(rect)) {
      if (x < 0 || y < 0 || x >= viewportWidth || y >= viewportHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || element.contains(top) || top.contains(element)) continue;
      const floating = floatingAncestor(top);
      if (floating && !floating.contains(element)) return floating;
    }
    return null;
  };

  const covered: string[] = [];
  for (const control of document.querySelectorAll(CONTROLS)) {
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.bottom <= 0 || rect.top >= viewportHeight) continue;
    if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const by = coveredBy(control);
    if (by) covered.push(`${describe(control)} under ${by.tagName.toLowerCase()}.${by.className}`);
  }

  const bottomBars: FirstScreenReport["bottomBars"] = [];
  for (const element of document.querySelectorAll("body *")) {
    const style = getComputedStyle(element);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || !element.checkVisibility({ visibilityProperty: true })) continue;
    // Touching the bottom edge and at least half the screen wide: a bar, not the bubble.
    if (Math.abs(rect.bottom - viewportHeight) <= 2 && rect.width >= viewportWidth / 2) {
      bottomBars.push({ what: describe(element), height: rect.height });
    }
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
        `${describe(control)} at ${Math.round(rect.top)}-${Math.round(rect.bottom)}`,
      );
    else if (coveredBy(control)) heroNotVisible.push(`${describe(control)} covered`);
  }

  return {
    overflowX: document.documentElement.scrollWidth - viewportWidth,
    covered,
    bottomBars,
    heroNotVisible,
    heroCount: heroControls.length,
  };
}

/**
 * Tabs through the page: focuses every focusable element in document order and reports
 * each one that a fixed or stuck element covers (WCAG 2.4.11). When something floats over
 * it, the page first gets two animation frames to react, as it would after a Tab (the chat
 * bubble and the trial bar re-check on the next frame).
 * Focusing scrolls the element into view exactly as the Tab key does, honouring
 * scroll-padding; doing it in one evaluate keeps a page's walk to a single round trip.
 */
export async function probeFocusWalk(): Promise<{ focused: number; covered: string[] }> {
  const FOCUSABLE =
    "a[href], button:not([disabled]), input:not([type='hidden']):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}"`;
  const floatingAncestor = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return node;
    }
    return null;
  };

  const covered: string[] = [];
  let focused = 0;
  const candidates = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
    element.checkVisibility({ visibilityProperty: true }),
  );
  /** The fixed or stuck element over the focused one's centre, if any. */
  const floatingOver = (element: Element): Element | null => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), viewportWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), viewportHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (!top || element.contains(top) || top.contains(element)) return null;
    const floating = floatingAncestor(top);
    return floating && !floating.contains(element) ? floating : null;
  };
  for (const element of candidates) {
    element.focus();
    if (document.activeElement !== element) continue;
    focused += 1;
    if (!floatingOver(element)) continue;
    // Something floats over it: give the page the frames it takes to react, as after a Tab.
    await frame();
    await frame();
    const floating = floatingOver(element);
    if (floating) {
      covered.push(
        `${describe(element)} under ${floating.tagName.toLowerCase()}.${floating.className}`,
      );
    }
  }
  (document.activeElement as HTMLElement | null)?.blur();
  return { focused, covered };
}
