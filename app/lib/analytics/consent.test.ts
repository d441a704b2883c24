import { describe, expect, test } from "vitest";
import {
  type ConsentRecord,
  consentReducer,
  FULL_CONSENT,
  grantedChoice,
  INITIAL_CONSENT_STATE,
  isConsentValid,
  NO_CONSENT,
  parseConsent,
  serializeConsent,
  withdrawnCategories,
} from "./consent.ts";
import { CONSENT_MAX_AGE_DAYS, CONSENT_VERSION } from "./constants.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const record = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  version: CONSENT_VERSION,
  decidedAt: NOW,
  analytics: true,
  marketing: false,
  ...overrides,
});

describe("consent cookie value", () => {
  test("round-trips a record", () => {
    const value = serializeConsent(record());
    expect(value).toBe(`v=${CONSENT_VERSION}&at=${NOW}&a=1&m=0`);
    expect(parseConsent(value)).toEqual(record());
  });

  test.each([
    [null],
    [""],
    ["garbage"],
    ["v=1&at=123&a=yes&m=0"],
    ["v=1&at=-5&a=1&m=0"],
    ["v=x&at=123&a=1&m=0"],
    ["v=1&a=1&m=0"],
  ])("%j is no record", (value) => {
    expect(parseConsent(value)).toBeNull();
  });
});

describe("a stored record decides while it is current", () => {
  test.each([
    ["decided just now", 0, true],
    ["decided 181 days ago", 181 * DAY_MS, true],
    ["decided exactly the maximum age ago", CONSENT_MAX_AGE_DAYS * DAY_MS, true],
    ["one millisecond past the maximum age", CONSENT_MAX_AGE_DAYS * DAY_MS + 1, false],
    ["dated an hour ahead (clock skew)", -60 * 60 * 1000, true],
    ["dated two days ahead", -2 * DAY_MS, false],
  ])("%s: %s", (_label, ageMs, expected) => {
    expect(isConsentValid(record({ decidedAt: NOW - ageMs }), NOW)).toBe(expected);
  });

  test("the maximum age is at most six months", () => {
    expect(CONSENT_MAX_AGE_DAYS).toBeLessThanOrEqual(182);
  });

  test("a record for another version asks again", () => {
    expect(isConsentValid(record({ version: CONSENT_VERSION - 1 }), NOW)).toBe(false);
    expect(isConsentValid(record(), NOW, CONSENT_VERSION + 1)).toBe(false);
    expect(isConsentValid(null, NOW)).toBe(false);
  });
});

describe("consent state machine", () => {
  test("nothing is shown before the stored record is read", () => {
    expect(INITIAL_CONSENT_STATE).toEqual({ decision: null, view: "hidden", isReady: false });
    expect(grantedChoice(INITIAL_CONSENT_STATE)).toEqual(NO_CONSENT);
  });

  test("a first visit shows the first layer and grants nothing", () => {
    const state = consentReducer(INITIAL_CONSENT_STATE, {
      type: "restore",
      record: null,
      now: NOW,
    });
    expect(state).toEqual({ decision: null, view: "summary", isReady: true });
    expect(grantedChoice(state)).toEqual(NO_CONSENT);
  });

  test("a current record hides the banner and grants its choice", () => {
    const state = consentReducer(INITIAL_CONSENT_STATE, {
      type: "restore",
      record: record({ decidedAt: NOW - DAY_MS }),
      now: NOW,
    });
    expect(state.view).toBe("hidden");
    expect(grantedChoice(state)).toEqual({ analytics: true, marketing: false });
  });

  test("a first visit whose settings layer was opened before the start opens on it", () => {
    const state = consentReducer(INITIAL_CONSENT_STATE, {
      type: "restore",
      record: null,
      now: NOW,
      isSettingsOpen: true,
    });
    expect(state).toEqual({ decision: null, view: "settings", isReady: true });
    expect(grantedChoice(state)).toEqual(NO_CONSENT);
  });

  test("a current record hides the banner even if its settings layer was open", () => {
    const state = consentReducer(INITIAL_CONSENT_STATE, {
      type: "restore",
      record: record({ decidedAt: NOW - DAY_MS }),
      now: NOW,
      isSettingsOpen: true,
    });
    expect(state.view).toBe("hidden");
  });

  test("an expired record asks again", () => {
    const state = consentReducer(INITIAL_CONSENT_STATE, {
      type: "restore",
      record: record({ decidedAt: NOW - 200 * DAY_MS }),
      now: NOW,
    });
    expect(state).toEqual({ decision: null, view: "summary", isReady: true });
  });

  test("settings, then a decision stored with its date and version", () => {
    let state = consentReducer(INITIAL_CONSENT_STATE, { type: "restore", record: null, now: NOW });
    state = consentReducer(state, { type: "showSettings" });
    expect(state.view).toBe("settings");
    state = consentReducer(state, {
      type: "decide",
      choice: { analytics: false, marketing: true },
      now: NOW + 5,
    });
    expect(state).toEqual({
      decision: { version: CONSENT_VERSION, decidedAt: NOW + 5, analytics: false, marketing: true },
      view: "hidden",
      isReady: true,
    });
  });

  test("reopening shows the settings layer with the current decision kept", () => {
    const decided = consentReducer(INITIAL_CONSENT_STATE, {
      type: "decide",
      choice: FULL_CONSENT,
      now: NOW,
    });
    const reopened = consentReducer(decided, { type: "reopen" });
    expect(reopened.view).toBe("settings");
    expect(grantedChoice(reopened)).toEqual(FULL_CONSENT);
    const withdrawn = consentReducer(reopened, { type: "decide", choice: NO_CONSENT, now: NOW });
    expect(grantedChoice(withdrawn)).toEqual(NO_CONSENT);
  });

  test.each([
    [FULL_CONSENT, NO_CONSENT, ["analytics", "marketing"]],
    [FULL_CONSENT, { analytics: true, marketing: false }, ["marketing"]],
    [NO_CONSENT, FULL_CONSENT, []],
    [{ analytics: true, marketing: false }, { analytics: true, marketing: false }, []],
  ])("withdrawing %j for %j withdraws %j", (before, after, expected) => {
    expect(withdrawnCategories(before, after)).toEqual(expected);
  });
});
