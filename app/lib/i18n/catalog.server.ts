import type { Locale } from "../locale.ts";
import { flattenMessages, type NestedMessages } from "./flatten.ts";
import type { Namespace } from "./namespaces.ts";

/*
 * Build-time only (`.server`): loaders run while prerendering, so each page's HTML and its
 * `.data` file carry just that locale's messages for that page, and no catalogue is bundled
 * into the browser's JavaScript.
 */
const files = import.meta.glob<NestedMessages>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});

function catalogue(locale: Locale, namespace: Namespace): NestedMessages {
  const messages = files[`../../locales/${locale}/${namespace}.json`];
  if (!messages) throw new Error(`Missing catalogue ${locale}/${namespace}.json`);
  return messages;
}

/** Flat messages of the given namespaces in one locale. */
export function loadMessages(
  locale: Locale,
  namespaces: readonly Namespace[],
): Record<string, string> {
  return Object.assign(
    {},
    ...namespaces.map((namespace) => flattenMessages(catalogue(locale, namespace), namespace)),
  );
}
