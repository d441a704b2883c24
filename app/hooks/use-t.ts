import { createElement, Fragment, type ReactNode, useMemo } from "react";
import type { MessageKey } from "../lib/i18n/keys.ts";
import { useI18n } from "./use-i18n.ts";

type PlainValues = Record<string, string | number | Date | null | undefined>;
type RichValues = Record<
  string,
  string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;

export interface Translate {
  /** A message as plain text (titles, `alt`, `aria-label`). */
  (key: MessageKey, values?: PlainValues): string;
  /** A message with tags rendered by the given functions, e.g. `<link>…</link>`. */
  rich(key: MessageKey, values: RichValues): ReactNode;
  /** The BCP 47 tag of the page's locale, for `Intl` formatters. */
  locale: string;
}

/** Typed access to the catalogue: an unknown key fails the type check. */
export function useT(): Translate {
  const { locale, translate } = useI18n();
  return useMemo(() => {
    const t = ((key: MessageKey, values?: PlainValues) => {
      const result = translate(key, values);
      return Array.isArray(result) ? result.join("") : String(result);
    }) as Translate;
    t.rich = (key, values) => {
      const result = translate<ReactNode>(key, values);
      // Tags render as elements without keys, so each part goes in a keyed fragment
      // (Children.toArray keys its clones, yet React still warned about the list).
      return Array.isArray(result)
        ? result.map((part, index) => createElement(Fragment, { key: index }, part))
        : result;
    };
    t.locale = locale;
    return t;
  }, [locale, translate]);
}
