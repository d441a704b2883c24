import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type CompiledMessages, createTranslator } from "../../lib/i18n/translator.ts";

interface I18nValue {
  locale: string;
  translate: ReturnType<typeof createTranslator>;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Provides one locale's messages (shell plus current page) to everything below it. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: CompiledMessages;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, translate: createTranslator(locale, messages) }),
    [locale, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs an I18nProvider above it");
  return value;
}
