import { describe, expect, test } from "vitest";
import { normalisedSlowdown, ranAtScaledSpeed } from "./interaction.ts";

describe("the host-normalised slowdown", () => {
  test("is 4 on the reference host and grows with the host's speed", () => {
    expect(normalisedSlowdown(1500)).toBe(4);
    expect(normalisedSlowdown(2475)).toBe(6.6);
    expect(normalisedSlowdown(1125)).toBe(3);
  });

  test("a run counts only when the host ran near the speed the slowdown was scaled for", () => {
    expect(ranAtScaledSpeed(2475, 2475)).toBe(true);
    expect(ranAtScaledSpeed(2000, 2475)).toBe(true);
    expect(ranAtScaledSpeed(1690, 2475)).toBe(false);
    expect(ranAtScaledSpeed(3090, 2475)).toBe(true);
    expect(ranAtScaledSpeed(3100, 2475)).toBe(false);
  });
});
