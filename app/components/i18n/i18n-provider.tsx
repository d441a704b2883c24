import { type ReactNode, useMemo } from "react";
import { I18nContext } from "../../hooks/use-i18n.ts";
import { type CompiledMessages, createTranslator } from "../../lib/i18n/translator.ts";

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
