import { createContext, useContext } from "react";
import type { createTranslator } from "../lib/i18n/translator.ts";

export interface I18nValue {
  locale: string;
  translate: ReturnType<typeof createTranslator>;
}

/** The page's locale and translator; `I18nProvider` (app/components/i18n) provides it. */
export const I18nContext = createContext<I18nValue | null>(null);

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs an I18nProvider above it");
  return value;
}
