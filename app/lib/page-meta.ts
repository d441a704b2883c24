import { type CompiledMessages, messageText } from "./i18n/translator.ts";
import { PAGES, type PageId } from "./pages.ts";
import { buildPageMeta, type MetaTag } from "./seo.ts";

/**
 * Meta tags of a page from its loaded messages: `<prefix>.meta.title` and
 * `<prefix>.meta.description`, indexability from the page table.
 */
export function metaFromMessages(
  pageId: PageId,
  prefix: string,
  pathname: string,
  messages: CompiledMessages | undefined,
): MetaTag[] {
  const page = PAGES.find((candidate) => candidate.id === pageId);
  return buildPageMeta({
    pathname,
    title: messageText(messages?.[`${prefix}.meta.title`]),
    description: messageText(messages?.[`${prefix}.meta.description`]),
    isIndexable: page?.isIndexable ?? false,
  });
}
