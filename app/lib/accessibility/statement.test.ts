import { expect, test } from "vitest";
import { statementFacts } from "./statement.ts";

const SETTINGS = { email: "a11y@example.org", reviewedOn: "2026-03-04" };
const VIDEO = { id: "1", startSeconds: 0 };
const EVERYTHING_ON = {
  chat: { propertyId: "0".repeat(24), widgetId: "default" },
  videos: { productTour: VIDEO, xeroWalkthrough: VIDEO },
};
const NOTHING_ON = { chat: undefined, videos: {} };

test("the review date is written out in the page's language, the same in every time zone", () => {
  expect(statementFacts(SETTINGS, NOTHING_ON, "en-GB").reviewed).toBe("4 March 2026");
  expect(statementFacts(SETTINGS, NOTHING_ON, "de-DE").reviewed).toBe("4. März 2026");
  expect(statementFacts(SETTINGS, NOTHING_ON, "es-ES").reviewed).toBe("4 de marzo de 2026");
  expect(statementFacts(SETTINGS, NOTHING_ON, "fr-FR").reviewed).toBe("4 mars 2026");
});

test("the chat and the video player are listed as limitations only where the deployment has them", () => {
  expect(statementFacts(SETTINGS, EVERYTHING_ON, "en-GB").limitations).toEqual([
    "chat",
    "video",
    "assistiveTechnology",
    "judgement",
    "untested",
    "otherSites",
  ]);
  expect(statementFacts(SETTINGS, NOTHING_ON, "en-GB").limitations).toEqual([
    "assistiveTechnology",
    "judgement",
    "untested",
    "otherSites",
  ]);
  expect(
    statementFacts(SETTINGS, { chat: undefined, videos: { xeroWalkthrough: VIDEO } }, "en-GB")
      .limitations,
  ).toContain("video");
});

test("a reply time is given only when the deployment set one", () => {
  expect(statementFacts(SETTINGS, NOTHING_ON, "en-GB")).not.toHaveProperty("responseBusinessDays");
  expect(
    statementFacts({ ...SETTINGS, responseBusinessDays: 10 }, NOTHING_ON, "en-GB")
      .responseBusinessDays,
  ).toBe(10);
  expect(statementFacts(SETTINGS, NOTHING_ON, "en-GB").email).toBe("a11y@example.org");
});
