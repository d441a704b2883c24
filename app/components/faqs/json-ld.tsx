import { serializeJsonLd } from "../../lib/faqs/structured-data.ts";

/**
 * schema.org structured data as an inline `<script type="application/ld+json">`. Browsers
 * never execute it; the build still hashes it with the other inline scripts for the CSP.
 */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes "<", so the text cannot leave the script element
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
