import { describe, expect, it } from "vitest";
import { blankImage } from "./until-start.ts";

describe("blankImage", () => {
  it("is an SVG data URL with the image's proportions as its view box", () => {
    const url = blankImage(760, 960);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 760 960"/>',
    );
  });

  it("holds no whitespace or trailing comma, so a srcset reads it as one URL", () => {
    const url = blankImage(1666, 1041);
    expect(url).not.toMatch(/\s/);
    expect(url.endsWith(",")).toBe(false);
  });
});
