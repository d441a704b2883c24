import { describe, expect, test } from "vitest";
import { hostNoiseNote, TBT_TARGET_MS } from "./host-noise.ts";

describe("the host's noise, read off the static reference's blocking time", () => {
  test("a reference within the target leaves the results without a note", () => {
    expect(hostNoiseNote(0)).toBeNull();
    expect(hostNoiseNote(TBT_TARGET_MS)).toBeNull();
  });

  test("a run without the reference has no note", () => {
    expect(hostNoiseNote(null)).toBeNull();
  });

  test("a reference over the target says so, with its figure", () => {
    const note = hostNoiseNote(283);
    expect(note).toContain("TBT 283 ms");
    expect(note).toContain(`${TBT_TARGET_MS} ms target`);
  });
});
