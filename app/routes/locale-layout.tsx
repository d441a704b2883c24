import { useMemo } from "react";
import { Outlet, useMatches } from "react-router";
import { ConsentManager } from "../components/consent/consent-manager.tsx";
import { I18nProvider } from "../components/i18n/i18n-provider.tsx";
import { ChatBubble } from "../components/layout/chat-bubble-after-start.tsx";
import { Header } from "../components/layout/header.tsx";
import { HydrationPart, laterPart } from "../components/layout/hydration-part.tsx";
import { OfferRibbon } from "../components/layout/offer-ribbon.tsx";
import { StickyFooter } from "../components/layout/sticky-footer.tsx";
import { useT } from "../hooks/use-t.ts";
import { FORM_SOURCES, SHELL_SOURCES } from "../lib/i18n/namespaces.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import type { CompiledMessages } from "../lib/i18n/translator.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { trialBarModeOfRoute } from "../lib/pages.ts";
import { DEPLOYMENT } from "../lib/site-deployment.ts";
import type { Route } from "./+types/locale-layout";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  return { locale, ...pageMessages(request, SHELL_SOURCES, FORM_SOURCES) };
}

// The shell's messages depend only on the locale, and each locale has its own layout route.
export function shouldRevalidate() {
  return false;
}

function hasMessages(data: unknown): data is { messages: CompiledMessages } {
  return typeof data === "object" && data !== null && "messages" in data;
}

/** The shell of every page in one locale: its messages, header, footer and floating parts. */
export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const leaf = matches.at(-1);
  const leafData = leaf?.loaderData;
  const trialBar = trialBarModeOfRoute(leaf?.id);
  const pageMessages = hasMessages(leafData) ? leafData.messages : undefined;
  const messages = useMemo(
    () => ({ ...loaderData.messages, ...pageMessages }),
    [loaderData.messages, pageMessages],
  );
  return (
    <I18nProvider locale={LOCALE_TAGS[loaderData.locale]} messages={messages}>
      <SkipLink />
      {/* First in reading and tab order (it is fixed at the bottom, so this moves nothing on
          screen): a keyboard or screen-reader visitor meets the choice before the page. */}
      <ConsentManager />
      <OfferRibbon />
      <Header />
      {/* The header, banner and bar hydrate first; the page after them, and the footer
          once its code, which comes after the start, is in. */}
      <HydrationPart>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </HydrationPart>
      <StickyFooter mode={trialBar} />
      <Footer />
      {/* No chat property configured: no chat, so no bubble that could never open. */}
      {DEPLOYMENT.chat ? <ChatBubble /> : null}
    </I18nProvider>
  );
}

/** Below every page's first screen: its code comes after the start (decision record 0012). */
const Footer = laterPart(async () => (await import("../components/layout/footer.tsx")).Footer);

function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("common.skipLink")}
    </a>
  );
}
