import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { flattenMessages, type NestedMessages } from "../lib/i18n/flatten.ts";
import { LOCALES } from "../lib/locale.ts";
import {
  ACCESSIBILITY_CLAIMS,
  ACCESSIBILITY_LIMITATIONS,
  ACCESSIBILITY_SECTIONS,
  type BackingTest,
  BROWSER_CLAIMS,
  SUPPORT_MATRIX,
} from "./accessibility.ts";

/**
 * The accessibility statement claims only what the tests show: each claim names the tests
 * that back it, and those tests must exist, under that title, in a suite `npm test` runs.
 * Renaming or removing one fails here, and so does a claim in a catalogue that the data
 * module does not list (and so ties to no test).
 */
const root = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const CLAIMS: ReadonlyArray<{ id: string; backedBy: readonly BackingTest[] }> = [
  ...ACCESSIBILITY_CLAIMS,
  ...BROWSER_CLAIMS,
];

/** The suites `npm test` runs: Playwright's folder, and the cross-engine suite's file. */
const SUITES = [
  { files: /^tests\/e2e\/[\w-]+\.spec\.ts$/, script: "e2e", command: "playwright test" },
  {
    files: /^tests\/engines\/engines\.test\.ts$/,
    script: "test:engines",
    command: "tests/engines/engines.test.ts",
  },
];

/** The source form of a title: `{locale}` is written `${locale}` in a template literal. */
function titlePattern(title: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const source = title
    .split(/(\{[\w.]+\})/)
    .map((part) => (/^\{[\w.]+\}$/.test(part) ? literal(`$${part}`) : literal(part)))
    .join("");
  return new RegExp(`\\btest\\(\\s*(["'\`])${source}\\1`);
}

function missing(backing: BackingTest): string | null {
  if (!existsSync(join(root, backing.file))) return `${backing.file} is gone`;
  if (!titlePattern(backing.title).test(read(backing.file))) {
    return `${backing.file} has no test "${backing.title}"`;
  }
  return null;
}

function catalogue(locale: string): Record<string, string> {
  const nested = JSON.parse(read(`app/locales/${locale}/accessibility.json`)) as NestedMessages;
  return flattenMessages(nested, "accessibility");
}

describe("each claim", () => {
  test.each(CLAIMS.map((claim) => [claim.id, claim] as const))(
    "%s is backed by tests that exist under their titles",
    (_, claim) => {
      expect(claim.backedBy.length).toBeGreaterThan(0);
      expect(claim.backedBy.map(missing).filter(Boolean)).toEqual([]);
    },
  );

  test("names only suites that npm test runs", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> })
      .scripts;
    const steps = scripts.test?.split("&&").map((step) => step.trim()) ?? [];
    for (const { file } of CLAIMS.flatMap((claim) => claim.backedBy)) {
      const suite = SUITES.find((each) => each.files.test(file));
      expect(suite, file).toBeDefined();
      expect(steps).toContain(`npm run ${suite?.script}`);
      expect(scripts[suite?.script ?? ""]).toContain(suite?.command);
    }
  });

  test.each(ACCESSIBILITY_CLAIMS.flatMap((claim) => claim.criteria))(
    "speaks to a WCAG 2.2 success criterion of level A or AA: %s",
    (criterion) => {
      expect(criterion).toMatch(/^[1-4]\.\d{1,2}\.\d{1,2}$/);
    },
  );
});

test("the check reads the tests: a renamed or removed test is caught", () => {
  expect(missing({ file: "tests/e2e/landing.spec.ts", title: "stays still" })).not.toBeNull();
  expect(
    missing({ file: "tests/e2e/gone.spec.ts", title: "totals are announced politely" }),
  ).not.toBeNull();
  expect(
    missing({
      file: "tests/e2e/layout.spec.ts",
      title:
        "{name}: every page at 1440, 768, 375 and 320 px: no sideways scroll, nothing covered, hero on the first screen",
    }),
  ).toBeNull();
  // A placeholder matches only the template's own expression.
  expect(
    missing({
      file: "tests/e2e/layout.spec.ts",
      title:
        "{locale}: every page at 1440, 768, 375 and 320 px: no sideways scroll, nothing covered, hero on the first screen",
    }),
  ).not.toBeNull();
});

describe.each(LOCALES)("the %s statement", (locale) => {
  const messages = catalogue(locale);
  const keysUnder = (prefix: string) =>
    Object.keys(messages)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));

  test("states exactly the claims that are tied to tests", () => {
    expect(keysUnder("accessibility.claims.").sort()).toEqual(
      CLAIMS.map((claim) => claim.id).sort(),
    );
  });

  test("has a title and a body for every section, and a text for every limitation", () => {
    for (const section of ACCESSIBILITY_SECTIONS) {
      expect(messages[`accessibility.sections.${section}.title`], section).toBeTruthy();
      expect(messages[`accessibility.sections.${section}.body`], section).toBeTruthy();
    }
    expect(keysUnder("accessibility.limitations.").sort()).toEqual(
      ACCESSIBILITY_LIMITATIONS.map((limitation) => limitation.id).sort(),
    );
  });

  test("gives the standard and the status, the contact from configuration, and no fixed reply time", () => {
    expect(messages["accessibility.sections.status.body"]).toContain("WCAG 2.2");
    expect(messages["accessibility.sections.contact.body"]).toContain("<mailto>{email}</mailto>");
    expect(messages["accessibility.sections.contact.reply"]).toContain("{days, plural,");
    expect(messages["accessibility.updated"]).toContain("{date}");
  });
});

test("the browsers it names are the support matrix of package.json", () => {
  const { browserslist } = JSON.parse(read("package.json")) as { browserslist: string[] };
  expect(browserslist).toEqual([...SUPPORT_MATRIX]);
});
