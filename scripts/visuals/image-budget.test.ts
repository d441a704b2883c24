import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  encodeWithinBudget,
  ImageBudgetError,
  PHONE_AVIF_BUDGET_BYTES,
  PHONE_AVIF_QUALITIES,
} from "./image-budget.ts";

/** A stand-in encoder whose output shrinks with the quality, recording what it was asked. */
function encoder(bytesAt: (quality: number) => number) {
  const asked: number[] = [];
  const encode = async (quality: number) => {
    asked.push(quality);
    return Buffer.alloc(bytesAt(quality));
  };
  return { asked, encode };
}

describe("encodeWithinBudget", () => {
  test("keeps the best quality that fits, without trying lower ones", async () => {
    const { asked, encode } = encoder((quality) => quality * 500);
    const { quality, image } = await encodeWithinBudget(encode, 20_000, [42, 40, 38, 36]);
    expect(quality).toBe(40);
    expect(image.length).toBe(20_000);
    expect(asked).toEqual([42, 40]);
  });

  test("fails, naming the smallest size, when no quality fits", async () => {
    const { encode } = encoder((quality) => 19_000 + quality);
    await expect(encodeWithinBudget(encode, 19_000, [42, 36])).rejects.toThrow(ImageBudgetError);
    await expect(encodeWithinBudget(encode, 19_000, [42, 36])).rejects.toThrow("smallest 19036");
  });
});

test("every committed 760 px phone AVIF, in every locale, fits the budget", () => {
  const screens = join(import.meta.dirname, "../../app/assets/screens");
  const phoneImages = readdirSync(screens).flatMap((locale) =>
    readdirSync(join(screens, locale))
      .filter((name) => /-phone-[a-z]{2}-760\.avif$/.test(name))
      .map((name) => join(screens, locale, name)),
  );
  expect(phoneImages.length).toBe(5 * 4);
  const over = phoneImages.filter((path) => statSync(path).size > PHONE_AVIF_BUDGET_BYTES);
  expect(over).toEqual([]);
  expect(PHONE_AVIF_QUALITIES[0]).toBeGreaterThan(PHONE_AVIF_QUALITIES.at(-1) ?? 0);
});
