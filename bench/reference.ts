/**
 * The bench's static reference (issue 13): a hand-written page with the landing page's
 * masthead heading, text and screenshot and nothing else, no JavaScript, no web font, a few
 * lines of inline CSS. Measured in the same Lighthouse runs as the site, its largest paint
 * is what the platform allows for that content on that host and network. Above the
 * screenshot, a search field and a question that opens natively (`<details>`): tapped and
 * typed into in the same INP runs as the site's controls, they show what an interaction
 * costs on that phone and host with no script at all (bench/inp.ts). The server's Content
 * Security Policy has no hash for the inline style, so the browser ignores it and the page
 * shows its default styles, the screenshot at its intrinsic width, as in every recorded run;
 * the controls sit on the first screen, where no scroll is needed to reach them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const REFERENCE_PATH = "/bench-reference";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface ReferenceCopy {
  heading: string;
  lede: string;
  /** The FAQ filter's label, for the plain search field. */
  searchLabel: string;
  /** An FAQ question and the first paragraph of its answer, for the native disclosure. */
  question: string;
  answer: string;
}

/** The reference page: masthead copy from the English catalogue, the same `<picture>`. */
export function referencePage(builtLanding: string, copy: ReferenceCopy): string {
  const { heading, lede } = copy;
  const picture = builtLanding.match(
    /<figure class="screenshot masthead__image">[\s\S]*?(<picture>[\s\S]*?<\/picture>)/,
  )?.[1];
  if (!picture) throw new Error("The built landing page has no masthead picture");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Static reference</title>
<meta name="description" content="${escapeHtml(lede)}">
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #0b1f3a; }
main { max-width: 1200px; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: clamp(2rem, 1.5rem + 2.5vw, 3.25rem); line-height: 1.1; margin: 0 0 1rem; }
img { display: block; max-width: 100%; height: auto; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(lede)}</p>
<label for="search">${escapeHtml(copy.searchLabel)}</label>
<input id="search" type="search">
<details><summary>${escapeHtml(copy.question)}</summary><p>${escapeHtml(copy.answer)}</p></details>
${picture}
</main>
</body>
</html>
`;
}

/** Writes the reference (with its precompressed copies) into the build the server serves. */
export function writeReference(clientDir: string): () => void {
  const landing = readFileSync(join(clientDir, "index.html"), "utf8");
  const landingCopy = JSON.parse(readFileSync("app/locales/en/landing.json", "utf8")) as {
    masthead: { heading: string; subtitle: string };
  };
  const faqs = JSON.parse(readFileSync("app/locales/en/faqs.json", "utf8")) as {
    filter: { label: string };
    items: Record<string, { question: string; answer: string }>;
  };
  const [faq] = Object.values(faqs.items);
  if (!faq) throw new Error("The English FAQ catalogue has no question");
  const html = referencePage(landing, {
    heading: landingCopy.masthead.heading,
    lede: landingCopy.masthead.subtitle,
    searchLabel: faqs.filter.label,
    question: faq.question,
    answer: firstParagraphText(faq.answer),
  });
  const dir = join(clientDir, REFERENCE_PATH.slice(1));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "index.html");
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The text of an answer's first paragraph (the catalogue holds it as rich text). */
function firstParagraphText(richText: string): string {
  const paragraph = richText.match(/<p>([\s\S]*?)<\/p>/)?.[1] ?? richText;
  return paragraph.replace(/<[^>]+>/g, "");
}
