import { expect, test } from "vitest";
import { popupFeatures } from "./popup.ts";

test.each([
  [{ width: 1920, height: 1080 }, "popup=yes,width=520,height=720,left=700,top=180"],
  [
    { width: 1920, height: 1080, left: 1920, top: 0 },
    "popup=yes,width=520,height=720,left=2620,top=180",
  ],
  [{ width: 520, height: 720 }, "popup=yes,width=520,height=720,left=0,top=0"],
  [{ width: 375, height: 667 }, "popup=yes,width=375,height=667,left=0,top=0"],
  [{ width: 1366, height: 700 }, "popup=yes,width=520,height=700,left=423,top=0"],
])("a 520 x 720 pop-up on a %j screen", (screen, expected) => {
  expect(popupFeatures(screen, 520, 720)).toBe(expected);
});
