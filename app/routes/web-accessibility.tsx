import type { ReactNode } from "react";
import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { AccessibilityClaims } from "../components/legal/accessibility-claims.tsx";
import { LegalDocument } from "../components/legal/legal-document.tsx";
import { SmartLink } from "../components/ui/smart-link.tsx";
import {
  ACCESSIBILITY_CLAIMS,
  ACCESSIBILITY_SECTIONS,
  BROWSER_CLAIMS,
} from "../content/accessibility.ts";
import { useT } from "../hooks/use-t.ts";
import { bakedStatementFacts } from "../lib/accessibility/statement.server.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { SITE } from "../lib/site-config.ts";
import type { Route } from "./+types/web-accessibility";

/**
 * The contact, the reply time and the review date come from the build (the deployment's
 * ACCESSIBILITY_CONTACT and ACCESSIBILITY_RESPONSE_DAYS, and the date of the code), and the
 * date is written out here, at build time, as on the other legal pages.
 */
export function loader({ request }: Route.LoaderArgs) {
  return {
    ...pageMessages(request, ["accessibility"]),
    ...bakedStatementFacts(LOCALE_TAGS[localeFromRequest(request)]),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("accessibility", "accessibility", location.pathname, loaderData?.messages);

/**
 * The accessibility statement, after the EU's model statement (implementing decision
 * 2018/1523) and GOV.UK's pattern: the standard and status, how it is checked, the browsers,
 * the known limitations, how to report a problem, and the date of the last review. Every
 * claim is listed in app/content/accessibility.ts with the tests that back it.
 */
export default function AccessibilityStatement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { email, responseBusinessDays, reviewed, limitations } = loaderData;
  const site = new URL(SITE.origin).host;
  const mailto = (chunks: ReactNode[]) => (
    <SmartLink href={`mailto:${email}`} trackingId="accessibility-email">
      {chunks}
    </SmartLink>
  );
  const extras: Partial<Record<(typeof ACCESSIBILITY_SECTIONS)[number], ReactNode>> = {
    checks: <AccessibilityClaims claims={ACCESSIBILITY_CLAIMS} />,
    browsers: (
      <>
        <AccessibilityClaims claims={BROWSER_CLAIMS} />
        <div className="prose">{t.rich("accessibility.sections.browsers.after", RICH_TAGS)}</div>
      </>
    ),
    limitations: (
      <ul className="accessibility-list">
        {limitations.map((limitation) => (
          <li key={limitation}>{t(`accessibility.limitations.${limitation}`, { site })}</li>
        ))}
      </ul>
    ),
    contact:
      responseBusinessDays === undefined ? null : (
        <div className="prose">
          {t.rich("accessibility.sections.contact.reply", {
            ...RICH_TAGS,
            days: responseBusinessDays,
          })}
        </div>
      ),
  };
  return (
    <LegalDocument
      heading={t("accessibility.heading")}
      intro={t("accessibility.intro")}
      updated={t("accessibility.updated", { date: reviewed })}
      tocLabel={t("accessibility.tocLabel")}
      sections={ACCESSIBILITY_SECTIONS.map((section) => ({
        title: t(`accessibility.sections.${section}.title`),
        body: t.rich(`accessibility.sections.${section}.body`, { ...RICH_TAGS, mailto, email }),
        extra: extras[section],
      }))}
    />
  );
}
