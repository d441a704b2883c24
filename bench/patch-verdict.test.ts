import { describe, expect, test } from "vitest";
import { type PatchDifference, patchBuys } from "./patch-verdict.ts";

const nothing: PatchDifference = {
  cpuMs: { median: 0, q1: -20, q3: 5 },
  firstLoadBytes: 0,
  analyticsBytes: 0,
  tapsLostWithout: 0,
  tapsLostWithAll: 0,
  largestPaintMs: 40,
  appStartMs: -80,
};

describe("what a patch buys (decision record 28)", () => {
  test("nothing, when every difference is under its threshold", () => {
    expect(patchBuys(nothing)).toEqual([]);
  });

  test("CPU from a 10 ms median, on the edge when its lower quartile is under that", () => {
    expect(patchBuys({ ...nothing, cpuMs: { median: 76, q1: 36, q3: 186 } })).toEqual(["CPU"]);
    expect(patchBuys({ ...nothing, cpuMs: { median: 13, q1: -41, q3: 93 } })).toEqual([
      "CPU (on the edge)",
    ]);
    expect(patchBuys({ ...nothing, cpuMs: { median: -5, q1: -34, q3: 87 } })).toEqual([
      "CPU on the edge",
    ]);
  });

  test("bytes from 3,000 of either the first load or the analytics chunk", () => {
    expect(patchBuys({ ...nothing, firstLoadBytes: 2999 })).toEqual([]);
    expect(patchBuys({ ...nothing, firstLoadBytes: 3000 })).toEqual(["bytes"]);
    expect(patchBuys({ ...nothing, analyticsBytes: 37835 })).toEqual(["bytes"]);
  });

  test("taps, when the build without it lost more of them", () => {
    expect(patchBuys({ ...nothing, tapsLostWithout: 1 })).toEqual(["taps"]);
    expect(patchBuys({ ...nothing, tapsLostWithout: 1, tapsLostWithAll: 1 })).toEqual([]);
  });

  test("the largest paint, from 100 ms sooner with the patch", () => {
    expect(patchBuys({ ...nothing, largestPaintMs: 99 })).toEqual([]);
    expect(
      patchBuys({ ...nothing, cpuMs: { median: -105, q1: -134, q3: -84 }, largestPaintMs: 220 }),
    ).toEqual(["the largest paint"]);
  });

  test("the app's start, from 160 ms sooner after the first paint with the patch", () => {
    expect(patchBuys({ ...nothing, appStartMs: 159 })).toEqual([]);
    expect(
      patchBuys({ ...nothing, cpuMs: { median: -15, q1: -51, q3: -1 }, appStartMs: 260 }),
    ).toEqual(["the app's start"]);
  });
});
