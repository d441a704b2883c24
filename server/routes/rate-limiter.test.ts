import { describe, expect, test } from "vitest";
import { clientKey, RateLimiter } from "./rate-limiter.ts";

const MIN = 60_000;
const limits = [
  { max: 5, windowMs: 10 * MIN },
  { max: 20, windowMs: 24 * 60 * MIN },
];

describe("RateLimiter", () => {
  test("allows 5 in 10 minutes, refuses the 6th with the seconds until the oldest expires", () => {
    const limiter = new RateLimiter(limits, 100);
    for (let i = 0; i < 5; i += 1) expect(limiter.hit("a", i * 1000)).toEqual({ allowed: true });
    expect(limiter.hit("a", 5000)).toEqual({ allowed: false, retryAfterS: 595 });
    expect(limiter.hit("a", 10 * MIN - 1)).toEqual({ allowed: false, retryAfterS: 1 });
    expect(limiter.hit("a", 10 * MIN)).toEqual({ allowed: true });
    expect(limiter.hit("a", 10 * MIN + 1)).toEqual({ allowed: false, retryAfterS: 1 });
  });

  test("keys and limits are independent per key", () => {
    const limiter = new RateLimiter(limits, 100);
    for (let i = 0; i < 5; i += 1) limiter.hit("a", 0);
    expect(limiter.hit("a", 0).allowed).toBe(false);
    expect(limiter.hit("b", 0).allowed).toBe(true);
  });

  test("allows 20 a day even when spread out, then refuses until the first is a day old", () => {
    const limiter = new RateLimiter(limits, 100);
    for (let i = 0; i < 20; i += 1) {
      expect(limiter.hit("a", i * 11 * MIN).allowed).toBe(true);
    }
    const now = 20 * 11 * MIN;
    expect(limiter.hit("a", now)).toEqual({
      allowed: false,
      retryAfterS: (24 * 60 * MIN - now) / 1000,
    });
    expect(limiter.hit("a", 24 * 60 * MIN).allowed).toBe(true);
  });

  test("a flood of refused hits neither grows memory nor extends the wait", () => {
    const limiter = new RateLimiter(limits, 100);
    for (let i = 0; i < 5; i += 1) limiter.hit("a", 0);
    for (let i = 0; i < 10_000; i += 1) limiter.hit("a", 1000);
    expect(limiter.hit("a", 10 * MIN).allowed).toBe(true);
  });

  test("tracks at most maxKeys clients, evicting the least recently seen", () => {
    const limiter = new RateLimiter(limits, 3);
    for (const key of ["a", "b", "c"]) for (let i = 0; i < 5; i += 1) limiter.hit(key, 0);
    limiter.hit("a", 1);
    limiter.hit("d", 1);
    expect(limiter.size).toBe(3);
    // "b" was evicted and starts afresh; "a" is still limited.
    expect(limiter.hit("b", 2).allowed).toBe(true);
    expect(limiter.hit("a", 2).allowed).toBe(false);
  });
});

test.each([
  ["203.0.113.7", "203.0.113.7"],
  ["::ffff:203.0.113.7", "203.0.113.7"],
  ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
  ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
  ["2001:DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
  ["::1", "0:0:0:0::/64"],
  ["2001:db8::", "2001:db8:0:0::/64"],
])("clientKey(%s) is %s", (ip, key) => {
  expect(clientKey(ip)).toBe(key);
});
