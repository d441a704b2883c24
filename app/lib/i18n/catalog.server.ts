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

/**
 * What a page needs from the catalogues: a whole namespace (`landing`), or only the keys
 * under a prefix of one (`integration.diagram`) when the page shows a small part of it.
 */
export type MessageSource = Namespace | `${Namespace}.${string}`;

/** Flat messages of the given namespaces, or parts of namespaces, in one locale. */
export function loadMessages(
  locale: Locale,
  sources: readonly MessageSource[],
): Record<string, string> {
  return Object.assign(
    {},
    ...sources.map((source) => {
      const namespace = source.split(".", 1)[0] as Namespace;
      const messages = flattenMessages(catalogue(locale, namespace), namespace);
      if (source === namespace) return messages;
      const selected = Object.entries(messages).filter(
        ([key]) => key === source || key.startsWith(`${source}.`),
      );
      if (selected.length === 0) throw new Error(`No messages under ${source} in ${locale}`);
      return Object.fromEntries(selected);
    }),
  );
}
