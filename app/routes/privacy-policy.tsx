import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { CookieTable } from "../components/legal/cookie-table.tsx";
import { LegalDocument } from "../components/legal/legal-document.tsx";
import {
  COOKIES,
  PRIVACY_LAST_UPDATED,
  PRIVACY_SECTIONS,
  SUBMISSION_RETENTION,
} from "../content/legal.ts";
import { useT } from "../hooks/use-t.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import { formatCalendarDate, formatLifetime } from "../lib/legal/lifetime.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/privacy-policy";

/**
 * The date, the retention period and the cookie lifetimes are written out at build time:
 * the browser's first `Intl` formatter of each kind loads ICU data, a long task on a phone,
 * only to repeat what the page already says.
 */
export function loader({ request }: Route.LoaderArgs) {
  const locale = LOCALE_TAGS[localeFromRequest(request)];
  const lifetimes: Record<string, string> = {};
  for (const cookie of COOKIES) {
    const written = formatLifetime(cookie.lifetime, locale);
    if (written !== null) lifetimes[cookie.name] = written;
  }
  return {
    ...pageMessages(request, ["privacy"]),
    updated: formatCalendarDate(PRIVACY_LAST_UPDATED, locale),
    retention: formatLifetime(SUBMISSION_RETENTION, locale) ?? "",
    lifetimes,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("privacy", "privacy", location.pathname, loaderData?.messages);

/** SPEC §2, §9: the privacy policy; section 11 is cookies (the footer's cookies policy link). */
export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <LegalDocument
      heading={t("privacy.heading")}
      intro={t("privacy.intro")}
      updated={t("privacy.updated", { date: loaderData.updated })}
      languageNote={t("privacy.language")}
      tocLabel={t("privacy.tocLabel")}
      sections={PRIVACY_SECTIONS.map((section) => ({
        title: t(`privacy.sections.${section}.title`),
        body: t.rich(`privacy.sections.${section}.body`, {
          ...RICH_TAGS,
          retention: loaderData.retention,
        }),
        extra: section === "cookies" ? <CookieTable lifetimes={loaderData.lifetimes} /> : undefined,
      }))}
    />
  );
}
