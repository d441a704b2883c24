import { expect, test } from "vitest";
import { breadcrumbJsonLd, faqPageJsonLd, serializeJsonLd } from "./structured-data.ts";

test("FAQPage lists each question with its accepted answer", () => {
  expect(faqPageJsonLd([{ question: "Q1?", answer: "A1." }])).toEqual({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: [
      { "@type": "Question", name: "Q1?", acceptedAnswer: { "@type": "Answer", text: "A1." } },
    ],
  });
});

test("BreadcrumbList numbers positions from 1", () => {
  const list = breadcrumbJsonLd([
    { name: "FAQs", url: "https://example.com/faqs" },
    { name: "Q?", url: "https://example.com/faqs/q" },
  ]);
  expect(list.itemListElement.map((item) => item.position)).toEqual([1, 2]);
  expect(list.itemListElement[1]).toEqual({
    "@type": "ListItem",
    position: 2,
    name: "Q?",
    item: "https://example.com/faqs/q",
  });
});

test("serialized JSON-LD cannot close its script element", () => {
  const json = serializeJsonLd({ text: "</script><script>alert(1)</script>" });
  expect(json).not.toContain("</script");
  expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>" });
});
