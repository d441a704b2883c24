import { isIPv6 } from "node:net";

/** One limit: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** The limiter's answer: allowed, or refused with the seconds until a hit would pass. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterS: number };

/** A limiter the form routes can use: in memory (one instance) or shared (PostgreSQL). */
export interface HitLimiter {
  hit(key: string, nowMs: number): LimitDecision | Promise<LimitDecision>;
}

/**
 * The sliding-window rule shared by both limiters: `hits` are the key's earlier accepted
 * hits, oldest first. Allowed when every limit has room; otherwise the wait until the
 * max-th most recent hit inside the window leaves it.
 */
export function decide(
  limits: readonly Limit[],
  hits: readonly number[],
  nowMs: number,
): LimitDecision {
  let retryAfterMs = 0;
  for (const { max, windowMs } of limits) {
    const inWindow = hits.filter((at) => nowMs - at < windowMs);
    if (inWindow.length < max) continue;
    const oldestBlocking = inWindow[inWindow.length - max] ?? nowMs;
    retryAfterMs = Math.max(retryAfterMs, oldestBlocking + windowMs - nowMs);
  }
  if (retryAfterMs <= 0) return { allowed: true };
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/**
 * Sliding-window limiter keyed by client (SEC-3), in memory with a hard bound: each key keeps
 * at most as many timestamps as the largest limit, and once `maxKeys` keys are tracked the
 * least recently seen one is evicted (a Map keeps insertion order, and every hit re-inserts
 * its key). Refused hits are not recorded, so a flood costs one lookup per request.
 */
export class RateLimiter implements HitLimiter {
  readonly #limits: readonly Limit[];
  readonly #maxKeys: number;
  readonly #keep: number;
  readonly #longestMs: number;
  readonly #hits = new Map<string, number[]>();

  constructor(limits: readonly Limit[], maxKeys: number) {
    this.#limits = limits;
    this.#maxKeys = maxKeys;
    this.#keep = Math.max(...limits.map((limit) => limit.max));
    this.#longestMs = Math.max(...limits.map((limit) => limit.windowMs));
  }

  /** Records a hit for `key` at `nowMs` when every limit allows it. */
  hit(key: string, nowMs: number): LimitDecision {
    const hits = (this.#hits.get(key) ?? []).filter((at) => nowMs - at < this.#longestMs);
    const decision = decide(this.#limits, hits, nowMs);
    this.#hits.delete(key);
    if (!decision.allowed) {
      if (hits.length > 0) this.#hits.set(key, hits);
      this.#evict();
      return decision;
    }
    hits.push(nowMs);
    this.#hits.set(key, hits.slice(-this.#keep));
    this.#evict();
    return decision;
  }

  /** Number of tracked clients (for tests and the memory bound). */
  get size(): number {
    return this.#hits.size;
  }

  #evict() {
    while (this.#hits.size > this.#maxKeys) {
      const oldest = this.#hits.keys().next();
      if (oldest.done) return;
      this.#hits.delete(oldest.value);
    }
  }
}

/**
 * The limiter key for a client address: IPv4 as is, IPv6 by its /64 prefix (one subscriber
 * usually holds a whole /64, so rotating addresses inside it gains nothing).
 */
export function clientKey(ip: string): string {
  const address = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0");
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""));
}
