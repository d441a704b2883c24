import { expect, test } from "vitest";
import { preloadDependencies } from "./preload-lists.ts";

const dependencies = ["assets/shell-a1.js", "assets/router-b2.js", "assets/chat-c3.js"];

test("the client entry's import of the renderer gets no preload list", () => {
  expect(
    preloadDependencies(
      "assets/react-dom-client.production-x.js",
      dependencies,
      "/repo/app/entry.client.tsx",
    ),
  ).toEqual([]);
});

test("the consent-gated services get no preload list, wherever they are imported from", () => {
  expect(
    preloadDependencies(
      "assets/consent-services-1PWTO4tE.js",
      dependencies,
      "/repo/app/browser/consent-services-later.ts",
    ),
  ).toEqual([]);
});

test("every other dynamic import keeps its list", () => {
  expect(
    preloadDependencies(
      "assets/referral-modal-z9.js",
      dependencies,
      "/repo/app/routes/referrals.tsx",
    ),
  ).toEqual(dependencies);
  // A chunk whose name only contains the words is not the services' chunk.
  expect(
    preloadDependencies(
      "assets/about-consent-services-page-q1.js",
      dependencies,
      "/repo/app/x.tsx",
    ),
  ).toEqual(dependencies);
});
