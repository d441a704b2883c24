import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { CookieTable } from "../components/legal/cookie-table.tsx";
import { LegalDocument } from "../components/legal/legal-document.tsx";
import { PRIVACY_LAST_UPDATED, PRIVACY_SECTIONS } from "../content/legal.ts";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { formatCalendarDate } from "../lib/legal/lifetime.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/privacy-policy";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["privacy"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("privacy", "privacy", location.pathname, loaderData?.messages);

/** SPEC §2, §9: the privacy policy; section 11 is cookies (the footer's cookies policy link). */
export default function PrivacyPolicy() {
  const t = useT();
  return (
    <LegalDocument
      heading={t("privacy.heading")}
      intro={t("privacy.intro")}
      updated={t("privacy.updated", { date: formatCalendarDate(PRIVACY_LAST_UPDATED, t.locale) })}
      languageNote={t("privacy.language")}
      tocLabel={t("privacy.tocLabel")}
      sections={PRIVACY_SECTIONS.map((section) => ({
        title: t(`privacy.sections.${section}.title`),
        body: t.rich(`privacy.sections.${section}.body`, RICH_TAGS),
        extra: section === "cookies" ? <CookieTable /> : undefined,
      }))}
    />
  );
}
