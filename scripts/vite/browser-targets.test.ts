import browserslist from "browserslist";
import { expect, test } from "vitest";
import { buildTargets } from "./browser-targets.ts";

test("the oldest version of each family, iOS counted as Safari, ranges from their start", () => {
  expect(
    buildTargets([
      "chrome 157",
      "chrome 156",
      "edge 155",
      "firefox 160",
      "firefox 153",
      "ios_saf 26.6",
      "ios_saf 18.5-18.7",
      "safari 27.1",
    ]),
  ).toEqual(["chrome156", "edge155", "firefox153", "safari18.5"]);
});

test("a browser the target cannot express is refused, not dropped", () => {
  expect(() => buildTargets(["chrome 156", "samsung 28"])).toThrow(/samsung 28/);
});

test("package.json's support matrix covers Firefox ESR and Safari on iOS and macOS", () => {
  const browsers = browserslist();
  expect(browsers).toContain(`firefox ${browserslist("Firefox ESR")[0]?.split(" ")[1]}`);
  expect(browsers.some((entry) => entry.startsWith("ios_saf "))).toBe(true);
  const targets = buildTargets(browsers);
  expect(targets.map((target) => target.replace(/[\d.]+$/, ""))).toEqual([
    "chrome",
    "edge",
    "firefox",
    "safari",
  ]);
});

test("the build's target is the support matrix's", async () => {
  const { default: config } = await import("../../vite.config.ts");
  expect(config.build?.target).toEqual(buildTargets());
});
