import type { Locale } from "../locale.ts";
import { flattenMessages, type NestedMessages } from "./flatten.ts";
import type { MessageSource, Namespace } from "./namespaces.ts";

export type { MessageSource };

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

function isUnder(key: string, source: MessageSource): boolean {
  return key === source || key.startsWith(`${source}.`);
}

/**
 * Flat messages of the given namespaces, or parts of namespaces, in one locale, leaving out
 * the keys under any of `except` (the shell's `common` without the forms' `common.forms`).
 */
export function loadMessages(
  locale: Locale,
  sources: readonly MessageSource[],
  except: readonly MessageSource[] = [],
): Record<string, string> {
  const loaded = Object.assign(
    {},
    ...sources.map((source) => {
      const namespace = source.split(".", 1)[0] as Namespace;
      const messages = flattenMessages(catalogue(locale, namespace), namespace);
      if (source === namespace) return messages;
      const selected = Object.entries(messages).filter(([key]) => isUnder(key, source));
      if (selected.length === 0) throw new Error(`No messages under ${source} in ${locale}`);
      return Object.fromEntries(selected);
    }),
  ) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(loaded).filter(([key]) => !except.some((source) => isUnder(key, source))),
  );
}
