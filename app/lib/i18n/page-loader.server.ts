import { type Locale, localeFromPath } from "../locale.ts";
import { loadMessages } from "./catalog.server.ts";
import { compileMessages } from "./compile.server.ts";
import type { Namespace } from "./namespaces.ts";
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

/** Loader body for a page: its namespaces' messages in the locale of the request path. */
export function pageMessages(request: Request, namespaces: readonly Namespace[]): PageMessages {
  const locale = localeFromRequest(request);
  return { messages: compileMessages(loadMessages(locale, namespaces)) };
}
