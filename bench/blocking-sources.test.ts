import { describe, expect, test } from "vitest";
import { blockingOf, blockingSources } from "./blocking-sources.ts";

const PAGE = "http://127.0.0.1:4390/terms";

describe("a simulated task's blocking time, by Lighthouse's rule", () => {
  test("only the part beyond 50 ms counts, and a task of 50 ms or less counts nothing", () => {
    expect(blockingOf({ url: PAGE, startTime: 1000, duration: 80 }, 700, 3000)).toBe(30);
    expect(blockingOf({ url: PAGE, startTime: 1000, duration: 50 }, 700, 3000)).toBe(0);
    expect(blockingOf({ url: PAGE, startTime: 1000, duration: 49 }, 700, 3000)).toBe(0);
  });

  test("a task across the first paint counts only from the first paint on", () => {
    // 600–833 ms with the first paint at 700: 133 ms inside the window, 83 of them blocking.
    expect(blockingOf({ url: "Unattributable", startTime: 600, duration: 233 }, 700, 3000)).toBe(
      83,
    );
    // 600–740: 40 ms after the first paint, under the threshold.
    expect(blockingOf({ url: "Unattributable", startTime: 600, duration: 140 }, 700, 3000)).toBe(0);
  });

  test("tasks wholly before the first paint or after time to interactive count nothing", () => {
    expect(blockingOf({ url: PAGE, startTime: 100, duration: 300 }, 700, 3000)).toBe(0);
    expect(blockingOf({ url: PAGE, startTime: 3100, duration: 300 }, 700, 3000)).toBe(0);
    expect(blockingOf({ url: PAGE, startTime: 2900, duration: 300 }, 700, 3000)).toBe(50);
  });
});

describe("blocking time by source", () => {
  test("each task goes to the navigation, the page, the site's scripts or the rest", () => {
    const sources = blockingSources(
      [
        { url: "Unattributable", startTime: 600, duration: 233 },
        { url: PAGE, startTime: 900, duration: 120 },
        { url: `${PAGE}#toc`, startTime: 1100, duration: 60 },
        { url: "http://127.0.0.1:4390/assets/react-abc.js", startTime: 2100, duration: 90 },
        { url: "http://127.0.0.1:4390/assets/router-abc.js", startTime: 2300, duration: 75 },
        { url: "Unattributable", startTime: 1500, duration: 100 },
        { url: "https://www.googletagmanager.com/gtm.js", startTime: 2500, duration: 70 },
      ],
      700,
      3000,
      PAGE,
    );
    expect(sources).toEqual({ navigation: 83, page: 80, scripts: 65, other: 70 });
  });

  test("a page with no long task after its first paint has no blocking from any source", () => {
    expect(blockingSources([{ url: PAGE, startTime: 300, duration: 200 }], 700, 900, PAGE)).toEqual(
      { navigation: 0, page: 0, scripts: 0, other: 0 },
    );
  });
});
