import { expect, test } from "vitest";
import { SITE, xeroSignupUrl } from "./site-config.ts";
import { DEPLOYMENT } from "./site-deployment.ts";

test("without a partner tracking id the signup link is the bare signup page", () => {
  expect(xeroSignupUrl(undefined)).toBe("https://www.xero.com/signup/");
  expect(xeroSignupUrl("")).toBe("https://www.xero.com/signup/");
});

test("with one, the link carries it as xtid", () => {
  expect(xeroSignupUrl("abc_12-3")).toBe("https://www.xero.com/signup/?xtid=abc_12-3");
});

test("the site's link carries the id the build was configured with (here .env.test's)", () => {
  expect(DEPLOYMENT.xeroPartnerTrackingId).toBe("xtest000");
  expect(SITE.xeroSignup).toBe("https://www.xero.com/signup/?xtid=xtest000");
});
