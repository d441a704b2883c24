import { describe, expect, test } from "vitest";
import {
  type InpParts,
  type InpRow,
  type InpRun,
  inpTable,
  medianRun,
  partsText,
  referenceKindOf,
} from "./inp.ts";

const parts = (what: string): InpParts => ({
  what,
  inputDelay: 12,
  processing: 300,
  presentation: 40,
  longestScript: "280 ms in processing-duration, BUTTON.onclick (live-form.js)",
});
const run = (inpMs: number | null, what = "pointer on button"): InpRun => ({
  slowdown: 1.2,
  inpMs,
  interactions: inpMs === null ? 0 : 3,
  parts: inpMs === null ? null : parts(what),
});

describe("the INP section", () => {
  test("the median run is the middle measured one, the lower of an even count", () => {
    expect(medianRun([run(300, "c"), run(100, "a"), run(200, "b")])?.parts?.what).toBe("b");
    expect(medianRun([run(400, "d"), run(100, "a"), run(null), run(200, "b")])?.inpMs).toBe(200);
    expect(medianRun([run(null)])).toBeNull();
  });

  test("a row says where the median run's time went, with no cell broken by a pipe", () => {
    const table = inpTable([
      {
        scenario: "the partner form",
        path: "/referrals",
        slowdowns: [1.2],
        inpMs: 352,
        readings: [352],
        unmeasured: 0,
        runs: 1,
        medianParts: parts("pointer on div|odd"),
      },
    ]);
    const row = table.split("\n")[2] ?? "";
    expect(row).toContain(partsText(parts("pointer on div\\|odd")));
    expect(row).toContain("input delay 12, processing 300, presentation 40");
    // Nine pipes: eight cells, none of them split by the target's own pipe.
    expect(row.replaceAll("\\|", "").split("|")).toHaveLength(10);
  });

  test("a tap is read against the reference's tap, a keystroke against its keystroke", () => {
    const row = (
      scenario: string,
      inpMs: number,
      what: string,
      reference?: "tap" | "typing",
    ): InpRow => ({
      scenario,
      path: reference ? "/bench-reference" : "/pricing",
      slowdowns: [6],
      inpMs,
      readings: [inpMs],
      unmeasured: 0,
      runs: 1,
      medianParts: parts(what),
      ...(reference ? { reference } : {}),
    });
    const lines = inpTable([
      row("reference tap", 80, "pointer on summary", "tap"),
      row("reference typing", 50, "keyboard on #search", "typing"),
      row("billing toggle", 200, "pointer on input"),
      row("calculator", 150, "keyboard on #count"),
    ])
      .split("\n")
      .slice(2)
      .map((line) => line.split(" | "));
    // The ratio is the fifth cell, the target's the sixth.
    expect(lines.map((cells) => [cells[4], cells[5]])).toEqual([
      ["1.00", "(reference)"],
      ["1.00", "(reference)"],
      ["2.50", "no"],
      ["3.00", "no"],
    ]);
    expect(referenceKindOf(parts("keyboard on #count"))).toBe("typing");
    expect(referenceKindOf(null)).toBe("tap");
  });
});
