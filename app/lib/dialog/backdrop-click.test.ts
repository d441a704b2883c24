import { describe, expect, test } from "vitest";
import { isBackdropClick, isOutsideBox } from "./backdrop-click.ts";

const box = { left: 100, top: 100, right: 500, bottom: 400 };

describe("isOutsideBox", () => {
  test.each([
    [{ x: 99, y: 200 }, true],
    [{ x: 100, y: 200 }, false],
    [{ x: 500, y: 400 }, false],
    [{ x: 501, y: 400 }, true],
    [{ x: 300, y: 99 }, true],
    [{ x: 300, y: 401 }, true],
    [{ x: 300, y: 250 }, false],
  ])("%o outside is %s", (point, expected) => {
    expect(isOutsideBox(point, box)).toBe(expected);
  });
});

describe("isBackdropClick", () => {
  test.each([
    ["a still click on the backdrop", { x: 20, y: 20 }, { x: 20, y: 20 }, true],
    ["a 10 px slip (boundary)", { x: 20, y: 20 }, { x: 30, y: 20 }, true],
    ["a 6-8-10 diagonal slip", { x: 20, y: 20 }, { x: 26, y: 28 }, true],
    ["an 11 px drag", { x: 20, y: 20 }, { x: 31, y: 20 }, false],
    ["a drag from the form to the backdrop", { x: 495, y: 200 }, { x: 503, y: 200 }, false],
    ["a drag from the backdrop into the form", { x: 95, y: 200 }, { x: 102, y: 200 }, false],
    ["a click inside the form", { x: 300, y: 200 }, { x: 300, y: 200 }, false],
  ])("%s → %s", (_name, press, release, expected) => {
    expect(isBackdropClick(press, release, box)).toBe(expected);
  });

  test("a release without a press on the dialog never closes it", () => {
    expect(isBackdropClick(null, { x: 20, y: 20 }, box)).toBe(false);
  });

  test("the tolerance can be changed", () => {
    expect(isBackdropClick({ x: 0, y: 0 }, { x: 3, y: 4 }, box, 4)).toBe(false);
    expect(isBackdropClick({ x: 0, y: 0 }, { x: 3, y: 4 }, box, 5)).toBe(true);
  });
});
