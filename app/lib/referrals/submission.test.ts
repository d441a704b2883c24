import { describe, expect, test } from "vitest";
import { PARTNER_FIELDS } from "../forms/partner.ts";
import { REFERRAL_FIELDS } from "../forms/referral.ts";
import { encodeFormBody, formKindWithError } from "./submission.ts";

describe("encodeFormBody", () => {
  test("sends exactly the referral fields in order", () => {
    const body = encodeFormBody(REFERRAL_FIELDS, {
      yourFirstName: "José",
      yourLastName: "Núñez",
      friendFirstName: "Zoë",
      friendLastName: "O'Brien",
      yourEmail: "jose+ref@example.com",
      friendEmail: "zoe@example.org",
      extra: "never sent",
    });
    expect([...new URLSearchParams(body).keys()]).toEqual([...REFERRAL_FIELDS]);
    expect(new URLSearchParams(body).get("yourEmail")).toBe("jose+ref@example.com");
    expect(body).toContain("yourEmail=jose%2Bref%40example.com");
    expect(body).not.toContain("extra");
  });

  test("plain option values, with + encoded, and an empty optional note", () => {
    const body = encodeFormBody(PARTNER_FIELDS, {
      firstName: "Ольга",
      lastName: "Łukasz",
      email: "o@x",
      company: "Books & Co",
      practiceType: "bookkeeper",
      clientNumber: "100+",
    });
    const params = new URLSearchParams(body);
    expect([...params.keys()]).toEqual([...PARTNER_FIELDS]);
    expect(body).toContain("clientNumber=100%2B");
    expect(params.get("practiceType")).toBe("bookkeeper");
    expect(params.get("notes")).toBe("");
    expect(params.get("company")).toBe("Books & Co");
  });
});

describe("formKindWithError", () => {
  test.each([
    ["?error=friend", "referral"],
    ["?error=partner", "partner"],
    ["?utm_source=x&error=partner", "partner"],
    ["", null],
    ["?error=", null],
    ["?error=referral", null],
    ["?error=__proto__", null],
  ] as const)("%j → %s", (search, expected) => {
    expect(formKindWithError(search)).toBe(expected);
  });
});
