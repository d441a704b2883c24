import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type HeldReferral, heldReferralOf, REFERRAL_HOLD_SCRIPT } from "./referral-hold.ts";

/**
 * The head's referral script (referral-hold.ts): it holds the landing URL's code, and while
 * one is held a link that leaves the document for another page of the site carries it.
 */

function land(url: string): HeldReferral {
  window.history.replaceState(null, "", url);
  new Function(REFERRAL_HOLD_SCRIPT)();
  const held = heldReferralOf(window);
  if (!held) throw new Error("the script holds nothing");
  return held;
}

/** Where a click on the link would take the browser: its address while the click is under way. */
function followed(link: HTMLAnchorElement, init: MouseEventInit = {}, type = "click"): string {
  let seen = "";
  // After the script's listener, as the browser's own follow-the-link step is.
  const record = (event: Event) => {
    seen = link.href;
    event.preventDefault(); // jsdom cannot navigate
  };
  window.addEventListener(type, record);
  link.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
  window.removeEventListener(type, record);
  return seen;
}

function link(href: string): HTMLAnchorElement {
  const element = document.createElement("a");
  element.href = href;
  element.textContent = "a link";
  document.body.append(element);
  return element;
}

let held: HeldReferral | undefined;

beforeEach(() => {
  held = undefined;
});

afterEach(() => {
  // Each landing adds its listeners; an emptied hold keeps an earlier test's from acting.
  if (held) held.code = null;
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

describe("the code it holds", () => {
  test.each([
    ["/?referrer=acme_spring_2024", "acme_spring_2024"],
    ["/de/preise?utm_source=x&referrer=%20m%C3%BCller-gmbh_q1.2025%20", "müller-gmbh_q1.2025"],
    ["/?referrer=%3Cscript%3E", null],
    [`/?referrer=${"x".repeat(101)}`, null],
    [`/?referrer=${"x".repeat(100)}`, "x".repeat(100)],
    ["/?referrer=", null],
    ["/pricing", null],
  ])("%s holds %j, as normalizeReferralCode would", (url, code) => {
    held = land(url);
    expect(held.code).toBe(code);
  });
});

describe("a link to another page of the site", () => {
  test("carries the code for the click, keeping its own query and fragment, then is as it was", async () => {
    held = land("/?referrer=acme_spring_2024");
    // After a client navigation, too: the document, and so the held code, is the same.
    window.history.pushState(null, "", "/features");
    const pricing = link("/pricing?billing=monthly#calculator");
    expect(followed(pricing)).toBe(
      `${window.location.origin}/pricing?billing=monthly&referrer=acme_spring_2024#calculator`,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pricing.getAttribute("href")).toBe("/pricing?billing=monthly#calculator");
  });

  test("opened into a new tab with the middle button carries it too", () => {
    held = land("/?referrer=acme_spring_2024");
    expect(followed(link("/de/preise"), { button: 1 }, "auxclick")).toBe(
      `${window.location.origin}/de/preise?referrer=acme_spring_2024`,
    );
  });

  test("is left alone when the page handled the click (the app's own navigation keeps the document)", () => {
    held = land("/?referrer=acme_spring_2024");
    const pricing = link("/pricing");
    pricing.addEventListener("click", (event) => event.preventDefault());
    expect(followed(pricing)).toBe(`${window.location.origin}/pricing`);
  });

  test.each([
    ["another site", "https://app.example.com/register"],
    ["a fragment of the page it is on", "#section-11"],
    ["a link with a code of its own", "/pricing?referrer=other_code"],
  ])("is left alone when it goes to %s", (_what, href) => {
    held = land("/?referrer=acme_spring_2024");
    // The app has since moved on to another page in this document (no code in its address).
    window.history.pushState(null, "", "/privacy-policy");
    const element = link(href);
    const before = element.href;
    expect(followed(element)).toBe(before);
  });

  test("is left alone once the code has been let go (the visitor's consent has decided)", () => {
    held = land("/?referrer=acme_spring_2024");
    held.code = null;
    expect(followed(link("/pricing"))).toBe(`${window.location.origin}/pricing`);
  });

  test("is left alone when the visit brought no code", () => {
    held = land("/features");
    expect(followed(link("/pricing"))).toBe(`${window.location.origin}/pricing`);
  });
});
