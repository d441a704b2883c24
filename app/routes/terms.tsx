import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { LegalDocument } from "../components/legal/legal-document.tsx";
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from "../content/legal.ts";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { formatCalendarDate } from "../lib/legal/lifetime.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["terms"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("terms", "terms", location.pathname, loaderData?.messages);

/** SPEC §2, §9: the terms of service with the trial, billing, renewal and liability constants. */
export default function Terms() {
  const t = useT();
  return (
    <LegalDocument
      heading={t("terms.heading")}
      intro={t("terms.intro")}
      updated={t("terms.updated", { date: formatCalendarDate(TERMS_LAST_UPDATED, t.locale) })}
      languageNote={t("terms.language")}
      tocLabel={t("terms.tocLabel")}
      sections={TERMS_SECTIONS.map((section) => ({
        title: t(`terms.sections.${section}.title`),
        body: t.rich(`terms.sections.${section}.body`, RICH_TAGS),
      }))}
    />
  );
}
