import { describe, expect, test } from "vitest";
import { type TargetInputs, targetChecks, targetTable } from "./targets.ts";

const good: TargetInputs = {
  lighthouse: [
    { path: "/", lcpMs: 1100, cpuBlockingMs: 0 },
    { path: "/pricing", lcpMs: 1150, cpuBlockingMs: 12 },
  ],
  referenceLcpMs: 900,
  interaction: [
    { path: "/", profile: "normalised", gapMs: 900, lost: 0 },
    { path: "/", profile: "raw", gapMs: 1200, lost: 0 },
  ],
  inp: [
    { scenario: "menu toggle", inpMs: 40, unmeasured: 0 },
    { scenario: "a consent choice", inpMs: 96, unmeasured: 0 },
  ],
};

describe("the lab's targets", () => {
  test("all met, each read on its worst figure; the raw 4× gap is not a target", () => {
    expect(targetChecks(good)).toEqual([
      {
        target: "every interaction's INP ≤ 100 ms (normalised slowdown)",
        met: true,
        detail: "slowest: a consent choice, 96 ms",
      },
      {
        target: "blocking from main-thread CPU time ≤ 50 ms on every page",
        met: true,
        detail: "most: /pricing, 12 ms",
      },
      {
        target: "LCP ≤ 1.3 × the static reference's in the same run",
        met: true,
        detail: "slowest: /pricing, 1150 ms against 900 ms (1.28)",
      },
      { target: "0 lost taps (every page, both profiles)", met: true, detail: "none lost" },
      {
        target: "first paint to app start ≤ 1 s (normalised slowdown)",
        met: true,
        detail: "longest: /, 900 ms",
      },
    ]);
  });

  test("each one missed on its own figure", () => {
    const checks = targetChecks({
      lighthouse: [{ path: "/xero", lcpMs: 1300, cpuBlockingMs: 51 }],
      referenceLcpMs: 900,
      interaction: [{ path: "/faqs", profile: "normalised", gapMs: null, lost: 1 }],
      inp: [{ scenario: "typing in the FAQ filter", inpMs: 101, unmeasured: 0 }],
    });
    expect(checks.map((check) => check.met)).toEqual([false, false, false, false, false]);
    expect(checks[4]?.detail).toBe("longest: /faqs, never started");
    expect(checks[2]?.detail).toContain("(1.44)");
  });

  test("the static reference's tap and keystroke stand beside the slowest interaction", () => {
    const [inp] = targetChecks({
      ...good,
      inpReference: [
        { kind: "tap", inpMs: 88 },
        { kind: "typing", inpMs: null },
      ],
    });
    expect(inp).toEqual({
      target: "every interaction's INP ≤ 100 ms (normalised slowdown)",
      met: true,
      detail:
        "slowest: a consent choice, 96 ms (the static reference, with no script: a tap 88 ms)",
    });
  });

  test("an interaction that was never measured is not a pass", () => {
    const [inp] = targetChecks({
      ...good,
      inp: [{ scenario: "the billing toggle", inpMs: 30, unmeasured: 1 }],
    });
    expect(inp).toMatchObject({ met: false, detail: expect.stringContaining("billing toggle") });
  });

  test("what a narrow run did not measure says so, and the table shows it", () => {
    const checks = targetChecks({ lighthouse: [], referenceLcpMs: null, interaction: [], inp: [] });
    expect(checks.every((check) => check.met === null)).toBe(true);
    expect(targetTable(checks)).toContain("| – | not measured in this run |");
    expect(targetTable(targetChecks(good))).toMatch(/^\| 0 lost taps .* \| met \| none lost \|$/m);
  });
});
