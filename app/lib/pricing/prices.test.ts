import { describe, expect, test } from "vitest";
import { activeOffer } from "../offers.ts";
import { recommendedBreakdown } from "./breakdown.ts";
import { savingPercent, seatPrices, totals, yearlySaving } from "./prices.ts";

const birthday = activeOffer(new Date("2022-04-01T12:00:00Z"));
const noOffer = activeOffer(new Date("2026-11-22T12:00:00Z"));

test("the birthday offer is active in the promo window and not after it", () => {
  expect(birthday?.id).toBe("birthday");
  expect(noOffer).toBeNull();
});

describe("seat prices per month (SPEC §9)", () => {
  test.each([
    ["annual", null, { "power-user": 48, manager: 24, "view-only": 24, user: 0 }],
    ["monthly", null, { "power-user": 60, manager: 30, "view-only": 30, user: 0 }],
    ["annual", birthday, { "power-user": 30, manager: 15, "view-only": 15, user: 0 }],
    ["monthly", birthday, { "power-user": 60, manager: 30, "view-only": 30, user: 0 }],
  ] as const)("%s billing, offer %o", (billing, offer, expected) => {
    expect(seatPrices(billing, offer)).toEqual(expected);
  });
});

test.each([
  [null, 20],
  [birthday, 50],
])("the yearly saving label with offer %o is %i%%", (offer, percent) => {
  expect(savingPercent(offer)).toBe(percent);
});

describe("totals (SPEC §3, §9)", () => {
  test.each([
    // employees, billing, offer?, per month, per year
    [100, "annual", false, 720, 8640],
    [100, "monthly", false, 900, 10800],
    [100, "annual", true, 450, 5400],
    [100, "monthly", true, 900, 10800],
    [1, "annual", false, 48, 576],
    [1, "monthly", false, 60, 720],
    [10, "annual", false, 96, 1152],
    [1000, "annual", false, 6768, 81216],
    [1000, "monthly", false, 8460, 101520],
  ] as const)(
    "%i employees, %s billing, offer %s: %i a month, %i a year",
    (employees, billing, hasOffer, perMonth, perYear) => {
      expect(totals(recommendedBreakdown(employees), billing, hasOffer ? birthday : null)).toEqual({
        perMonth,
        perYear,
      });
    },
  );

  test("view-only accounts are paid and standard users are free", () => {
    const breakdown = { "power-user": 2, manager: 1, "view-only": 3, user: 500 };
    expect(totals(breakdown, "annual", null).perMonth).toBe(2 * 48 + 24 + 3 * 24);
    expect(totals(breakdown, "monthly", null).perMonth).toBe(2 * 60 + 30 + 3 * 30);
  });

  test.each([
    [null, 2160],
    [birthday, 5400],
  ])("yearly billing for 100 employees saves, with offer %o, %i a year", (offer, saving) => {
    expect(yearlySaving(recommendedBreakdown(100), offer)).toBe(saving);
  });
});
