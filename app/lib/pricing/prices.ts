import type { Offer } from "../site-config.ts";
import type { Breakdown } from "./breakdown.ts";
import {
  ANNUAL_PRICES,
  ANNUAL_SAVING_PERCENT,
  MONTHLY_PRICES,
  MONTHS_PER_YEAR,
} from "./constants.ts";
import { type PerRole, ROLES } from "./roles.ts";

/** SPEC §3, §4: yearly billing (the default) or monthly billing. */
export type BillingPeriod = "annual" | "monthly";
export const BILLING_PERIODS = ["annual", "monthly"] as const satisfies readonly BillingPeriod[];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = "annual";

/**
 * SPEC §9: price per seat per month for a billing period. Yearly billing is discounted
 * (48/24/24), further while an offer runs (30/15/15); monthly billing pays the list price.
 */
export function seatPrices(billing: BillingPeriod, offer: Offer | null): PerRole<number> {
  if (billing === "monthly") return MONTHLY_PRICES;
  return offer ? offer.annualPrices : ANNUAL_PRICES;
}

/** SPEC §4: the percentage in "save {amount}%": 50 with the offer, otherwise 20. */
export function savingPercent(offer: Offer | null): number {
  return offer ? offer.savingPercent : ANNUAL_SAVING_PERCENT;
}

export interface Totals {
  /** What the breakdown costs per month, in SITE.currency. */
  perMonth: number;
  /** What the breakdown costs per year (twelve months), in SITE.currency. */
  perYear: number;
}

/** SPEC §3, §9: what a breakdown costs per month and per year for a billing period. */
export function totals(breakdown: Breakdown, billing: BillingPeriod, offer: Offer | null): Totals {
  const prices = seatPrices(billing, offer);
  const perMonth = ROLES.reduce((sum, role) => sum + breakdown[role] * prices[role], 0);
  return { perMonth, perYear: perMonth * MONTHS_PER_YEAR };
}

/** How much less a year of yearly billing costs than a year of monthly billing. */
export function yearlySaving(breakdown: Breakdown, offer: Offer | null): number {
  return totals(breakdown, "monthly", offer).perYear - totals(breakdown, "annual", offer).perYear;
}
