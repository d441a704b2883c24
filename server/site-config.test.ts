import { expect, test } from "vitest";
import { SITE } from "../app/lib/site-config.ts";

// The server loads the site's constants without a build: nothing is baked in, so no
// partner tracking id, and loading the module must not fail for want of one.
test("outside a build the signup link has no partner tracking id", () => {
  expect(SITE.xeroSignup).toBe("https://www.xero.com/signup/");
});
