/**
 * The accessibility statement's structure (`/accessibility`): its sections, each claim it
 * makes and the automated tests that back the claim, and the limitations it owns up to. The
 * words are in the `accessibility` catalogue, one entry per id here.
 *
 * A claim says only what its tests check. `app/content/accessibility.test.ts` fails when a
 * test named here is renamed or removed, when a catalogue states a claim that is not listed
 * here, or when the support matrix of `package.json` changes under the statement: the claim
 * then has to be reworded or dropped, never left standing without its test.
 */

/** A test that backs a claim: its file, and its title as written in the source. */
export interface BackingTest {
  /** Relative to the repository root; a suite `npm test` runs. */
  file: string;
  /**
   * The title passed to `test(…)`, character for character; a title built in a loop keeps
   * its placeholders (`{locale}` stands for the source's `${locale}`).
   */
  title: string;
}

export interface AccessibilityClaim {
  /** Catalogue key: `accessibility.claims.<id>`. */
  id: string;
  /** The WCAG 2.2 success criteria the claim speaks to; none where it goes beyond AA. */
  criteria: readonly string[];
  backedBy: readonly BackingTest[];
}

/** Sections of the statement in order; section N gets the id `section-N`. */
export const ACCESSIBILITY_SECTIONS = [
  "status",
  "checks",
  "browsers",
  "limitations",
  "contact",
  "statement",
] as const;

/** What the tests check, in the order the statement lists it ("How we check"). */
export const ACCESSIBILITY_CLAIMS = [
  {
    id: "axe",
    criteria: [],
    backedBy: [
      {
        file: "tests/e2e/routes.spec.ts",
        title: "{path} hydrates, shows its heading and has no accessibility violations",
      },
      {
        file: "tests/e2e/consent.spec.ts",
        title: "is axe clean on both layers and does not shift the page",
      },
      {
        file: "tests/e2e/pricing.spec.ts",
        title:
          "the calculator with warnings, monthly billing and the offer has no accessibility violations",
      },
    ],
  },
  {
    id: "language",
    criteria: ["3.1.1"],
    backedBy: [
      {
        file: "tests/e2e/routes.spec.ts",
        title: "every {locale} page answers 200 with its heading, language, title and alternates",
      },
    ],
  },
  {
    id: "keyboard",
    criteria: ["2.1.1"],
    backedBy: [
      {
        file: "tests/e2e/early-taps.spec.ts",
        title: "the menu works from the keyboard before and after the start",
      },
      {
        file: "tests/e2e/consent.spec.ts",
        title: "is reachable and operable with the keyboard, and the settings start unticked",
      },
      {
        file: "tests/e2e/faqs.spec.ts",
        title: "works from the keyboard, and a closed answer's links cannot be focused",
      },
      {
        file: "tests/e2e/landing.spec.ts",
        title: "is operable with the arrow keys, wrapping at the ends",
      },
      {
        file: "tests/e2e/pricing.spec.ts",
        title: "the steppers work from the keyboard and stop at the minimum",
      },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "{locale}: validates, picks from the dropdowns by keyboard and posts plain values",
      },
    ],
  },
  {
    id: "dialogs",
    criteria: ["2.4.3"],
    backedBy: [
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "{locale}: validates, posts exactly the six fields and confirms with the names",
      },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "Escape and the close button close the modal and return focus",
      },
    ],
  },
  {
    id: "focusVisible",
    criteria: ["2.4.7", "1.4.11"],
    backedBy: [
      {
        file: "tests/e2e/focus-ring.spec.ts",
        title: "is the brand blue at 3:1 or more on the white header",
      },
      {
        file: "tests/e2e/focus-ring.spec.ts",
        title: "turns light at 3:1 or more on the navy footer",
      },
    ],
  },
  {
    id: "focusNotObscured",
    criteria: ["2.4.11"],
    backedBy: [
      {
        file: "tests/e2e/layout.spec.ts",
        title:
          "{name}: every page at 1440, 768, 375 and 320 px: no sideways scroll, nothing covered, hero on the first screen",
      },
      {
        file: "tests/e2e/focus-not-obscured.spec.ts",
        title:
          "{locale} at {viewport.width} px: Tab never lands on a control hidden under something fixed",
      },
      {
        file: "tests/e2e/analytics.spec.ts",
        title: "never covers the focused element at {viewport.width} px (WCAG 2.4.11)",
      },
    ],
  },
  {
    id: "reflow",
    criteria: ["1.4.10"],
    backedBy: [
      {
        file: "tests/e2e/layout.spec.ts",
        title:
          "{name}: every page at 1440, 768, 375 and 320 px: no sideways scroll, nothing covered, hero on the first screen",
      },
      {
        file: "tests/e2e/layout.spec.ts",
        title: "no page scrolls sideways at the widths between the suite's four either",
      },
    ],
  },
  {
    id: "formErrors",
    criteria: ["3.3.1", "4.1.3"],
    backedBy: [
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "{locale}: validates, posts exactly the six fields and confirms with the names",
      },
    ],
  },
  {
    id: "liveTotals",
    criteria: ["4.1.3"],
    backedBy: [{ file: "tests/e2e/pricing.spec.ts", title: "totals are announced politely" }],
  },
  {
    id: "pauseMotion",
    criteria: ["2.2.2"],
    backedBy: [
      {
        file: "tests/e2e/landing.spec.ts",
        title: "the pause control stops rotation and the play control restarts it",
      },
      { file: "tests/e2e/landing.spec.ts", title: "does not rotate while the pointer rests on it" },
    ],
  },
  {
    id: "reducedMotion",
    criteria: [],
    backedBy: [
      {
        file: "tests/e2e/landing.spec.ts",
        title: "stays still when the visitor prefers reduced motion",
      },
      { file: "tests/e2e/landing.spec.ts", title: "the clip stays paused under reduced motion" },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "the modal fades in over 500 ms, and not at all with reduced motion",
      },
    ],
  },
  {
    id: "withoutJavaScript",
    criteria: [],
    backedBy: [
      {
        file: "tests/e2e/routes.spec.ts",
        title: "every {locale} page answers 200 with its heading, language, title and alternates",
      },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "the buttons still open the forms, which are real posts to the API",
      },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "{locale}: a referral is accepted and lands on the localized confirmation page",
      },
      {
        file: "tests/e2e/referrals.spec.ts",
        title: "fr: a partner request with picked options lands on its confirmation page",
      },
      {
        file: "tests/engines/engines.test.ts",
        title:
          "without JavaScript, a referral form posts to the server and lands on its confirmation",
      },
    ],
  },
] as const satisfies readonly AccessibilityClaim[];

/** What the statement says of browsers ("Browsers and assistive technologies"). */
export const BROWSER_CLAIMS = [
  {
    id: "chromium",
    criteria: [],
    backedBy: [
      {
        file: "tests/e2e/routes.spec.ts",
        title: "{path} hydrates, shows its heading and has no accessibility violations",
      },
    ],
  },
  {
    id: "otherEngines",
    criteria: [],
    backedBy: [
      {
        file: "tests/engines/engines.test.ts",
        title:
          "{locale}: every page pattern starts the app, without errors, CSP violations or sideways scroll",
      },
      { file: "tests/engines/engines.test.ts", title: "the mobile menu opens and closes" },
      { file: "tests/engines/engines.test.ts", title: "an FAQ opens and closes" },
      {
        file: "tests/engines/engines.test.ts",
        title: "the pricing calculator: a count changes the estimate",
      },
      {
        file: "tests/engines/engines.test.ts",
        title: "refer a friend: submitted, confirmed and stored",
      },
      {
        file: "tests/engines/engines.test.ts",
        title: "join the partner programme: submitted, confirmed and stored",
      },
      {
        file: "tests/engines/engines.test.ts",
        title: "the language switch keeps the page and remembers the choice",
      },
    ],
  },
] as const satisfies readonly AccessibilityClaim[];

export type ClaimId =
  | (typeof ACCESSIBILITY_CLAIMS)[number]["id"]
  | (typeof BROWSER_CLAIMS)[number]["id"];

/**
 * The browsers the statement names: the `browserslist` of `package.json`, which the build
 * and the lints follow. A test fails when the two differ, so the statement is reworded with
 * the matrix.
 */
export const SUPPORT_MATRIX = [
  "last 2 Chrome versions",
  "last 2 Edge versions",
  "last 2 Firefox versions",
  "Firefox ESR",
  "last 2 Safari versions",
  "last 2 iOS versions",
] as const;

/**
 * What the statement owns up to, in order. `when` names the part of the deployment a
 * limitation depends on: a build without live chat has no chat widget to warn about.
 */
export const ACCESSIBILITY_LIMITATIONS = [
  { id: "chat", when: "chat" },
  { id: "video", when: "video" },
  { id: "assistiveTechnology" },
  { id: "judgement" },
  { id: "untested" },
  { id: "otherSites" },
] as const satisfies ReadonlyArray<{ id: string; when?: "chat" | "video" }>;

export type AccessibilityLimitation = (typeof ACCESSIBILITY_LIMITATIONS)[number]["id"];
