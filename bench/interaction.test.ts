import { describe, expect, test } from "vitest";
import { medianAndRange, normalisedSlowdown } from "./interaction.ts";

describe("the host-normalised slowdown", () => {
  test("is 4 on the reference host and grows with the host's speed", () => {
    expect(normalisedSlowdown(1500)).toBe(4);
    expect(normalisedSlowdown(2475)).toBe(6.6);
    expect(normalisedSlowdown(1125)).toBe(3);
  });

  test("a page's runs show as their median slowdown, with the range when they differ", () => {
    expect(medianAndRange([6.6, 5.9, 7.1, 6.2, 6.8])).toBe("6.6 (5.9–7.1)");
    expect(medianAndRange([4, 4, 4])).toBe("4");
    expect(medianAndRange([])).toBe("–");
  });
});
