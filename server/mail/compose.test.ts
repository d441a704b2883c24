import { describe, expect, test } from "vitest";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { composeEmail, escapeHtml, loadMailCatalogues, MalformedEmailError } from "./compose.ts";

const catalogues = loadMailCatalogues();
const options = {
  catalogues,
  mailFrom: "hello@beyondbudget.app",
  partnerNotifyTo: "partners@beyondbudget.app",
};

const referral = VALID_REFERRAL;
const partner = VALID_PARTNER;

function source(
  kind: "referral" | "partner-notify" | "partner-ack",
  payload: object,
  locale = "en",
) {
  return {
    id: "0b9e4b9e-7a2f-4d3c-9f1e-2a3b4c5d6e7f",
    kind,
    locale,
    payload: JSON.stringify(payload),
  };
}

describe("referral email", () => {
  test("goes to the friend only, with a fixed subject, a stable Message-ID and both bodies", () => {
    const email = composeEmail(source("referral", referral), options);
    expect(email).toMatchObject({
      messageId: "<0b9e4b9e-7a2f-4d3c-9f1e-2a3b4c5d6e7f@beyondbudget.app>",
      to: "bob@example.com",
      replyTo: null,
      subject: "A friend thinks you'll like Beyond",
      lang: "en-GB",
    });
    expect(email.text).toContain("Hi Bob,");
    expect(email.text).toContain("Ana García thinks Beyond could help you.");
    expect(email.text).toContain("https://app.beyondbudget.app/register");
    expect(email.html).toContain("<p>Hi Bob,</p>");
  });

  test.each([
    ["de", "Eine Empfehlung für Sie: Beyond", "Hallo Bob,"],
    ["es", "Un amigo cree que Beyond te va a encantar", "Hola, Bob:"],
    ["fr", "Un ami pense que Beyond va vous plaire", "Bonjour Bob,"],
    ["xx", "A friend thinks you'll like Beyond", "Hi Bob,"],
  ])("is written in the sender's locale %s", (locale, subject, greeting) => {
    const email = composeEmail(source("referral", referral, locale), options);
    expect(email.subject).toBe(subject);
    expect(email.text.startsWith(greeting)).toBe(true);
  });

  test("escapes every user value in HTML and keeps the subject free of names", () => {
    const hostile = {
      ...referral,
      yourFirstName: `<img src=x onerror="alert('1')">`,
      friendFirstName: "Bob & <b>Co</b>",
    };
    const email = composeEmail(source("referral", hostile), options);
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>Co</b>");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;");
    expect(email.html).toContain("Bob &amp; &lt;b&gt;Co&lt;/b&gt;");
    expect(email.text).toContain(`<img src=x onerror="alert('1')">`);
    expect(email.subject).not.toContain("img");
  });

  test("links only to the fixed site, never to anything the visitor typed", () => {
    const sneaky = {
      ...referral,
      yourFirstName: "https://evil.example",
      yourLastName: "www.evil.example",
    };
    const email = composeEmail(source("referral", sneaky), options);
    const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["https://app.beyondbudget.app/register"]);
  });

  test("a stored row that no longer validates is malformed (dead-lettered, not retried)", () => {
    expect(() =>
      composeEmail(source("referral", { ...referral, friendEmail: "a@b.c, d@e.f" }), options),
    ).toThrow(MalformedEmailError);
    expect(() =>
      composeEmail({ ...source("referral", referral), payload: "{not json" }, options),
    ).toThrow(MalformedEmailError);
  });
});

describe("partner emails", () => {
  test("the notification goes to the fixed team address in English, replying to the partner", () => {
    const email = composeEmail(source("partner-notify", partner, "de"), options);
    expect(email.to).toBe("partners@beyondbudget.app");
    expect(email.replyTo).toBe(VALID_PARTNER.email);
    expect(email.subject).toBe("New partner request from the website");
    expect(email.text).toContain("First name: Łukasz");
    expect(email.text).toContain("Number of clients: 100+");
    expect(email.text).toContain("Language: Deutsch");
    expect(email.text).toContain("Line one\r\nLine two");
    expect(email.html).toContain("Nowak &amp; Co &lt;Księgowość&gt;");
  });

  test("the acknowledgement goes to the partner in their locale", () => {
    const email = composeEmail(source("partner-ack", partner, "fr"), options);
    expect(email.to).toBe(VALID_PARTNER.email);
    expect(email.replyTo).toBeNull();
    expect(email.subject).toBe("Merci pour votre demande de partenariat Beyond");
    expect(email.text).toContain("Bonjour Łukasz,");
    expect(email.text).toContain("https://www.beyondbudget.app/fr/features");
  });
});

test.each([
  ["<>&\"'", "&lt;&gt;&amp;&quot;&#39;"],
  ["plain", "plain"],
  ["李 & Zoë", "李 &amp; Zoë"],
])("escapeHtml(%j) is %j", (value, expected) => {
  expect(escapeHtml(value)).toBe(expected);
});
