import type { RetryScheduleName } from "../api-config.ts";

/** A retry schedule (REL-3): back-off steps, the cap in the first hour, then a slow pace. */
export interface RetrySchedule {
  /** Delay after the 1st, 2nd… failure; the last entry repeats up to `capMs`. */
  stepsMs: readonly number[];
  /** Longest delay while the email is younger than `lateAfterMs`; also the probe interval. */
  capMs: number;
  /** Age from which the slow pace applies. */
  lateAfterMs: number;
  /** Delay between attempts once the email is older than `lateAfterMs`. */
  lateMs: number;
  /** Age at which the email is given up and dead-lettered. */
  giveUpAfterMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Production: an immediate attempt, then 15 s, 30 s, 1 min, 2 min, 4 min, capped at 5 min
 * for the first hour, then every 30 min, giving up after 72 h. Fast (tests): 1 s doubling,
 * capped at 10 s, same give-up age.
 */
export const RETRY_SCHEDULES: Readonly<Record<RetryScheduleName, RetrySchedule>> = {
  production: {
    stepsMs: [15 * SECOND_MS, 30 * SECOND_MS, MINUTE_MS, 2 * MINUTE_MS, 4 * MINUTE_MS],
    capMs: 5 * MINUTE_MS,
    lateAfterMs: HOUR_MS,
    lateMs: 30 * MINUTE_MS,
    giveUpAfterMs: 72 * HOUR_MS,
  },
  fast: {
    stepsMs: [SECOND_MS, 2 * SECOND_MS, 4 * SECOND_MS, 8 * SECOND_MS],
    capMs: 10 * SECOND_MS,
    lateAfterMs: HOUR_MS,
    lateMs: 10 * SECOND_MS,
    giveUpAfterMs: 72 * HOUR_MS,
  },
};

/**
 * When to try again after a transient failure: the delay in ms, or null when the email
 * has been failing for too long and goes to the dead letters.
 * `failures` counts failed attempts including this one (≥ 1); `ageMs` is the time since the
 * email was queued.
 */
export function retryDelayMs(
  schedule: RetrySchedule,
  failures: number,
  ageMs: number,
): number | null {
  if (ageMs >= schedule.giveUpAfterMs) return null;
  const delay =
    ageMs >= schedule.lateAfterMs
      ? schedule.lateMs
      : Math.min(schedule.stepsMs[Math.max(0, failures - 1)] ?? schedule.capMs, schedule.capMs);
  // Never schedule past the give-up age by more than needed: the last try happens at it.
  return Math.min(delay, schedule.giveUpAfterMs - ageMs);
}
