import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseTestimonials, testimonialMessages, withTestimonials } from "./testimonials.server.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../../../tests/fixtures/testimonials.json");
const quote = { name: "A. Customer", role: "CFO", company: "Example Ltd", quote: "It's quick." };

function file(locales: Record<string, unknown>): string {
  return JSON.stringify({ _comment: "test", ...locales });
}

describe("a testimonials file", () => {
  test("lists the same customers in every locale, in order", () => {
    const parsed = parseTestimonials(
      file({ en: { a: quote }, de: { a: quote }, es: { a: quote }, fr: { a: quote } }),
      "t.json",
    );
    expect(Object.keys(parsed.fr)).toEqual(["a"]);
  });

  test("a locale missing a customer is refused, naming the file", () => {
    expect(() =>
      parseTestimonials(
        file({ en: { a: quote, b: quote }, de: { a: quote }, es: { a: quote }, fr: { a: quote } }),
        "t.json",
      ),
    ).toThrow(/t\.json: .*de must list the same customers/s);
  });

  test("a quote without a company, or a missing locale, is refused", () => {
    const { company: _company, ...withoutCompany } = quote;
    expect(() =>
      parseTestimonials(
        file({ en: { a: withoutCompany }, de: { a: quote }, es: { a: quote }, fr: { a: quote } }),
        "t.json",
      ),
    ).toThrow(/company/);
    expect(() => parseTestimonials(file({ en: { a: quote } }), "t.json")).toThrow(/de/);
  });

  test("becomes the carousel's messages, apostrophes kept as text in ICU", () => {
    const parsed = parseTestimonials(
      file({ en: { a: quote }, de: { a: quote }, es: { a: quote }, fr: { a: quote } }),
      "t.json",
    );
    expect(testimonialMessages(parsed, "en")).toEqual({
      "landing.testimonials.items.a.name": "A. Customer",
      "landing.testimonials.items.a.role": "CFO",
      "landing.testimonials.items.a.company": "Example Ltd",
      "landing.testimonials.items.a.quote": "It''s quick.",
    });
  });

  test("the test builds' fixture is a valid file", () => {
    expect(() => parseTestimonials(readFileSync(FIXTURE, "utf8"), FIXTURE)).not.toThrow();
  });
});

test("a page's loader data gains the locale's customers and their words", () => {
  // The unit tests run with .env.test, whose TESTIMONIALS_FILE is the fixture.
  const data = withTestimonials(new Request("https://example.test/de"), { messages: {} });
  const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, object>;
  expect(data.testimonialIds).toEqual(Object.keys(fixture.de ?? {}));
  const firstId = data.testimonialIds[0];
  expect(data.messages).toHaveProperty(`landing.testimonials.items.${firstId}.quote`);
  // The section's own words come with the quotes, so no page has to ask for them.
  expect(data.messages).toHaveProperty("landing.testimonials.heading");
});
