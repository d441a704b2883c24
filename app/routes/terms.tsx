import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { LegalDocument } from "../components/legal/legal-document.tsx";
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from "../content/legal.ts";
import { useT } from "../hooks/use-t.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import { formatCalendarDate } from "../lib/legal/lifetime.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/terms";

/**
 * The date is written out at build time: the browser's first `Intl.DateTimeFormat` loads
 * ICU's calendar data, a long task on a phone, only to repeat what the page already says.
 */
export function loader({ request }: Route.LoaderArgs) {
  const locale = LOCALE_TAGS[localeFromRequest(request)];
  return {
    ...pageMessages(request, ["terms"]),
    updated: formatCalendarDate(TERMS_LAST_UPDATED, locale),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("terms", "terms", location.pathname, loaderData?.messages);

/** SPEC §2, §9: the terms of service with the trial, billing, renewal and liability constants. */
export default function Terms({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LegalDocument
      heading={t("terms.heading")}
      intro={t("terms.intro")}
      updated={t("terms.updated", { date: loaderData.updated })}
      languageNote={t("terms.language")}
      tocLabel={t("terms.tocLabel")}
      sections={TERMS_SECTIONS.map((section) => ({
        title: t(`terms.sections.${section}.title`),
        body: t.rich(`terms.sections.${section}.body`, RICH_TAGS),
      }))}
    />
  );
}
