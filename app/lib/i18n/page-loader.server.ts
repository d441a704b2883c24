import { IS_PSEUDO_BUILD, type Locale, localeFromPath } from "../locale.ts";
import { loadMessages, type MessageSource } from "./catalog.server.ts";
import { compileMessages } from "./compile.server.ts";
import { pseudoMessages } from "./pseudo.ts";
import type { CompiledMessages } from "./translator.ts";

export interface PageMessages {
  messages: CompiledMessages;
}

/**
 * The locale a loader request is for. Prerendering also requests each page's data file
 * (`/de.data`, `/_.data` for the root), whose path must not be mistaken for a page path.
 */
export function localeFromRequest(request: Request): Locale {
  const pathname = new URL(request.url).pathname.replace(/(\/_)?\.data$/, "");
  return localeFromPath(pathname);
}

/**
 * Loader body for a page: the messages it shows, in the locale of the request path. They
 * travel inside the page's HTML, so a page asks for parts of a namespace it barely uses.
 */
export function pageMessages(
  request: Request,
  sources: readonly MessageSource[],
  except: readonly MessageSource[] = [],
): PageMessages {
  const locale = localeFromRequest(request);
  return { messages: compilePageMessages(locale, loadMessages(locale, sources, except)) };
}

/** Compiles flat messages of one locale for a page (the pseudo-locale's in its test build). */
export function compilePageMessages(
  locale: Locale,
  flat: Record<string, string>,
): CompiledMessages {
  const messages = compileMessages(flat);
  // The test build's English is the pseudo-locale; no production build ever takes this branch.
  return IS_PSEUDO_BUILD && locale === "en" ? pseudoMessages(messages) : messages;
}
