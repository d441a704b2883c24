import { withoutSoftHyphens } from "../i18n/translator.ts";
/** A question and its answer as plain text, for schema.org `FAQPage`. */
export interface FaqPair {
  question: string;
  answer: string;
}

/** schema.org `FAQPage` for the FAQ list (Google's FAQ rich result shape). */
export function faqPageJsonLd(pairs: readonly FaqPair[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: pairs.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** One step of a breadcrumb trail: its visible name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/** schema.org `BreadcrumbList`, positions counted from 1 as schema.org requires. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: withoutSoftHyphens(crumb.name),
      item: crumb.url,
    })),
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`. `<` is escaped so text such as
 * `</script>` inside an answer can never end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
